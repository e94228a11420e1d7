"""The behaviour monitor's logic: batching, the `report_analysis` tool, scoring and action decisions.

Nothing here knows discord; `cogs/sentiment` turns Discord events into calls on
:class:`utils.monitor.service.MonitorService` and carries out the actions it decides.
"""
