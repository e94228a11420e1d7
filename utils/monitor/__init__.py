"""The behaviour monitor's logic: batching, the `report_analysis` tool, scoring and action decisions.

Nothing here knows discord: `cogs/monitor.py` turns Discord events into `ObservedMessage` calls on
`MonitorService`, carries out the `Action` values the policy decides and shows reports and cases;
`scripts/replay_monitor.py` runs a channel log through `replay`; the runtime keeps a `MonitorState`.
Other packages use only the names below. No module of the package imports this file, so re-exporting
makes no cycle.
"""

# ``replay`` is the module (its main function has its name), so it stays reachable as ``utils.monitor.replay``.
from utils.monitor import replay
from utils.monitor.analysis import (
    REPORT_ANALYSIS_TOOL,
    AnalysisReport,
    build_analysis_messages,
    findings_by_index,
)
from utils.monitor.cases import (
    ACTED,
    OBSERVED,
    PROPOSED,
    CaseBook,
    MemberDecision,
    case_line,
    cases_text,
    decision_from_case,
    moderator,
    one_decision_per_member,
    proposal_expiry,
)
from utils.monitor.messages import (
    ObservedMessage,
    prepare_content,
)
from utils.monitor.mod_replies import (
    OBSERVE_RESULT,
    REFUSAL,
    TITLES,
    extras,
    message_link,
    mod_log_fields,
    proposal_outcome,
    reason_text,
    reset_text,
    setting_text,
    timed_out_text,
    unwarn_text,
)
from utils.monitor.policy import (
    Action,
    ActionKind,
    BatchOutcome,
    Policy,
    judge,
)
from utils.monitor.reports import (
    immunity_text,
    member_status,
    own_status_text,
    status_text,
    user_notes_text,
)
from utils.monitor.service import (
    MonitorService,
)
from utils.monitor.state import (
    MonitorState,
)

__all__ = [
    "ACTED",
    "OBSERVED",
    "OBSERVE_RESULT",
    "PROPOSED",
    "REFUSAL",
    "REPORT_ANALYSIS_TOOL",
    "TITLES",
    "Action",
    "ActionKind",
    "AnalysisReport",
    "BatchOutcome",
    "CaseBook",
    "MemberDecision",
    "MonitorService",
    "MonitorState",
    "ObservedMessage",
    "Policy",
    "build_analysis_messages",
    "case_line",
    "cases_text",
    "decision_from_case",
    "extras",
    "findings_by_index",
    "immunity_text",
    "judge",
    "member_status",
    "message_link",
    "mod_log_fields",
    "moderator",
    "one_decision_per_member",
    "own_status_text",
    "prepare_content",
    "proposal_expiry",
    "proposal_outcome",
    "reason_text",
    "replay",
    "reset_text",
    "setting_text",
    "status_text",
    "timed_out_text",
    "unwarn_text",
    "user_notes_text",
]
