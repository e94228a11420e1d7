"""The behaviour monitor's logic: batching, the `report_analysis` tool, scoring and action decisions.

Nothing here knows discord: `cogs/monitor.py` turns Discord events into
`messages.ObservedMessage` calls on :class:`utils.monitor.service.MonitorService`,
carries out the `policy.Action` values it decides and shows `reports` and `cases`;
`scripts/replay_monitor.py` runs a channel log through `replay.replay`. Other
packages import from those modules (`state.MonitorState` for the runtime).
"""
