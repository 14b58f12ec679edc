"""The offline Chinese extractor: rules over the text itself, no parser, no network.

    ChineseExtractor().extract(EpisodeInput(turns=[Turn(content="我以前住在上海，现在搬到了杭州。")], ...))
    # -> [CandidateFact(predicate='lives_in', object='杭州', replaces='上海', ...)]

A message is split into sentences (。！？；) and clauses (，：); each clause is read by
:mod:`.rules` and the clauses of a sentence are combined as the English rules combine theirs:
a denial followed by the right value is a correction (我不是X，我是Y), a past or ended value
followed by a new one is a change (以前…现在…), a bare "不是X" after a value corrects it.
Private data found by :mod:`kronograph.sensitive` becomes a value-free hint; forget requests
(忘掉/删除/别记…, read by :mod:`.forget`) become ``operation=forget`` candidates.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from itertools import pairwise

from ... import sensitive
from ...candidates import CandidateFact, Operation
from ...language import dictionary_verb, dictionary_words, tagged_words
from ...model import EntityType, Episode, MemoryType
from ...temporal.instants import to_instant
from ..base import EpisodeInput, ExistingLookup, Extraction, unique_candidates
from ..timeexpr import TimeKind, TimeSpan
from .changes import device_named  # (importing it registers its patterns after the core ones)
from .correction import (
    CONTRAST,
    DENIED_BESIDE,
    SLIPS,
    answer_to,
    attribute_value,
    contrasted_value,
    denied_name,
    denied_statement,
    names_said,
    restated,
    said_wrong,
    stated_detail,
    stated_job,
    time_corrected,
)
from .employer import name_employer
from .ending_words import GROUPS, STOPPED_DOING
from .endings import ENDING_VERBS, FROM_THEN_ON, ended_as_said, skipped_once, stopped_doing
from .everyday import named_kin_or_pet, per_session, travel_time  # (importing it registers its patterns)
from .forget import FORGOT_TO, forget_request
from .guesses import WEATHER, guessed_act
from .measures import measured_amount, one_amount_per_measure
from .numbers import NUMBER, to_int
from .outcomes import finding, passed_after  # (importing it registers its patterns after everyday's)
from .rules import (
    _PAST,
    ACTIVITY,
    CONFIRMS,
    DEICTIC,
    MILD_HEDGES,
    NOT_A_TOPIC,
    PHONE_MAKES,
    RELATION_WORDS,
    SAID_WRONG,
    STRONG_HEDGES,
    TAUGHT,
    Draft,
    ReadClause,
    clean,
    employer_and_role,
    is_place,
    is_value,
    named_subject,
    read,
    read_relations,
    task_period,
)
from .settled import granted_value, settled_matters
from .structure import read_structure
from .traits import SELF_GUESS, trait
from .turned import turned_liking

#: A doubt said on its own after a statement: "…，不确定", "…，还在谈", "…，还没去查呢".
_DOUBT_REMARK = re.compile(r"(?:但是?|不过|其实|可是)?(?:我|消息|这事|具体|领导|公司|上面|老板)?(?:也|目前|现在|暂时)?(?:还)?(?:在)?(?:不太?确定|没想好|没(?:拿)?定主意|没(?:最后|最终)?决定|犹豫|纠结|没正式(?:说|通知|宣布|发)|记不(?:太)?清(?:楚)?了?|拿不准|说不清|不一定|说不准|说不好|不好说|没(?:最终)?定(?:下来)?|"
                           r"没(?:最终)?确定|待定|不知道|在谈|没谈妥|没落实|没(?:去)?查|没(?:去)?(?:检查|医院)|得再查|要再确认一下|没准|只是猜的|瞎猜的|"
                           r"我?猜的)(?:呢|吧|啊|哈|哦)?[。！!～~…]*")
_DOUBTED = re.compile(r"[，,]\s*" + _DOUBT_REMARK.pattern + "$")
_DENIED_REPLY = re.compile(r"^\s*(?:不是|没有|不对|错了|(?:你)?(?:搞|弄|记|说)错了)")
_BARE_NO = re.compile(r"^\s*(?:不是|没有)(?=[，,。！!\s])")
_SENTENCE = re.compile(r"[^。！!？?；;\n]+[。！!？?；;]*")
_CLAUSE = re.compile(r"[^，,：:]+")
# Clause boundaries without a comma: a denial after a value ("用的是 Linux 不是 Windows", "而不是"),
# and "X后Y" after an act that ends ("离职后加入了米哈游").
_INNER_BOUNDARY = re.compile(r"(?<=[A-Za-z0-9\s])(?=而?不是)|(?<=[^我你他她它们的就也都并还又可实真倒却本原已而是\s，,])(?=而不是|不是(?!很|太|特别|非常))"
                            r"|(?<=[职业婚家完班学休岗])(?:以后|之后|后)(?![来天面年])|(?<=辞职|离职|退休|毕业)(?=回|去|搬|来|到|进|加入|考)"
                            # "我对猫过敏但是超喜欢猫": a turn without a comma (但 alone and 不过 are left: 不过敏)
                            r"|(?<=[\u4e00-\u9fffA-Za-z])(?:但是|可是|然而)(?=[\u4e00-\u9fff])")
_AFTER_DONE = re.compile(r"(?<![我你他她们])(?P<b>以后|之后)(?=就|才|便|我|又|开始|慢慢|渐渐)")
# English lead-ins of a Chinese sentence ("Please 把我家地址删了", "OK，我下周搬家"): blanked, offsets kept
_ENGLISH_LEAD = re.compile(r"^(?:please|pls|plz|ok(?:ay)?|sorry|btw|by the way|hi|hey|anyway|so|well|oh|ah)(?=[\s,，!！.。:：]|[\u4e00-\u9fff])[\s,，!！.:：]*", re.I)
_PLANNED_ACT = re.compile(r"(?:打算|计划|准备|想|要|会)(?:辞职|离职|退休|毕业)$")  # "打算辞职去读个 MBA": one plan
#: (a consequence, "不然要收滞纳金" / "否则报不了", is the world where the task is not done: hypothetical too)
_HYPOTHETICAL = re.compile(r"^(?:要是|如果|假如|假设|万一|倘若|若是|如若|要不是|假使|就算|即使|哪怕|不然|要不然|否则|(?:免|省)得|以免)")
_REPORTED = re.compile(r"^(?:说|觉得|认为|感觉|以为|建议|让我|叫我|劝我|希望|想让|听说|老说|总说|一直说)")
#: Someone named, then what they say or want ("我妈说我明年应该去考公务员"): the time and modals lifted off
#: the core may have hidden the 说.
_REPORTED_BY = re.compile(rf"^(?:我们?|咱们?)(?:的|家的?)?(?:{RELATION_WORDS})[^，,说]{{0,6}}?(?:说|觉得|认为|建议|劝我|希望|让我|叫我|要我|逼我|催我)")
#: Anyone else's words or hearsay ("听说…", "妈妈说…", "同事跟我说…", "小王讲…"): what follows is theirs, not the user's.
_SAID_BY = re.compile(rf"^(?:昨天|今天|刚才|刚刚|前几天|上次|之前|以前|早上|晚上)?(?:听说|据说|听[^，,说]{{1,8}}?说|"
                      rf"(?:我们?|咱们?)?(?:的|家的?)?(?:{RELATION_WORDS}|他们|她们|别人|人家|大家|有人|网上|新闻|[小老阿][\u4e00-\u9fff])"
                      rf"[^，,说我]{{0,4}}?(?:说|讲|告诉我|跟我说|和我说|提到))")
#: Someone else asking, urging or advising the user ("领导让我下个月去杭州支援"): their wish, not the user's plan.
#: (a medicine stopped on a doctor's word, "降压药医生让我停了" / "大夫让我把安眠药停了", is the user's own ending)
_MADE_TO = re.compile(r"^[^，,我你]{1,6}?(?:让我|叫我|逼我|劝我|建议我|催我)(?!(?:先|暂时)?(?:把[^，,]{2,8}?)?(?:停|停掉|停药)了?[。！!]*$)")
_WISH = re.compile(r"(?:就好了|该多好|多好啊?)[啊呀。！!]*$")
_OUTING = re.compile(r"团建|旅游|旅行|度假|出差|爬山|逛|打卡|看海|滑雪|露营|玩了")
_REQUEST = re.compile(r"^(?:请你?|麻烦你?|帮我|帮忙|你能|你可以|能不能|可不可以|可以帮|给我|你帮|请给|你来|来|再|继续|告诉我)")
_QUESTION = re.compile(r"(?:[？?]|吗|(?<!了)么|(?<![都也还从])没有|是不是|对不对|好不好|行不行)\s*[。！!]?$")
#: 呢 ends a question only beside a question word, a choice or the listener ("你呢", "去哪儿呢", "去不去呢");
#: after a statement it is the 呢 of a state going on ("我在腾讯实习呢").
_ASKING_NE = re.compile(r"呢\s*[。！!]?$")
_ASKED = re.compile(r"^(?:那|那么|那要是)|哪|什么|谁|多少|几|怎么|怎样|为什么|为何|啥|咋|还是|是否|[你您]|(?P<v>[\u4e00-\u9fff])[不没](?P=v)|要不要")
_RELATIVE_NAMED = re.compile(rf"^(?:有|生了)(?:一个|一位|个|位)(?P<rel>{RELATION_WORDS})$")
#: A person introduced by name and relation: "小王是我室友" / "我有个表哥叫阿强" (他/她 after it is them).
_INTRODUCED = re.compile(rf"^(?P<name>[\u4e00-\u9fffA-Za-z]{{2,4}}?)是我(?:的)?(?:大学|高中|初中|小学|好|最好的)?(?P<rel>{RELATION_WORDS})$|"
                         rf"^(?:我)?有(?:一个|一位|个|位)(?:大学|高中|初中|小学|好)?(?P<rel2>{RELATION_WORDS})(?:叫|名叫|叫做)(?P<name2>[\u4e00-\u9fffA-Za-z]{{2,4}})$")
_CORRECTING = re.compile(SAID_WRONG + "|" + SLIPS + r"|更正|纠正|不对|我的意思是|^(?:我)?(?:是说|说的是|指的是)(?!真的|实话|认真)|准确(?:地|来)说|"
                         # "应该是广州，不是深圳": the value meant, against the one said
                         r"应该是[^，,]{1,12}[，,]\s*(?:而)?不是|"
                         r"(?:刚才|之前|上次|刚刚)(?:我)?(?:说|讲|写)[^，,]{0,12}[，,](?:其实|实际上|应该)")
_SCHOOL_NAME = re.compile(r"(?:大学|学院|学校|中学|小学|[^\W\d]大)$")
_SCHOOLING = re.compile(r"上学|念书|读书(?!会)|读研|读博|读大学|学生|年级|考上|考研|考进|录取|(?:读|上|念)?(?:大[一二三四五]|高[一二三]|初[一二三])")
_OS_NAME = re.compile(r"安卓|鸿蒙|Android|iOS|Windows|macOS|Mac|Linux|HarmonyOS|Ubuntu", re.I)
_MARKER = re.compile(r"\[redacted:(?P<kind>[a-z_]+)\]")
#: Words that make a bare "在X" a home: living or moving, by jieba's words ("住院" and "忍不住" are no living).
_HOME_WORDS = frozenset(["搬家", "搬", "搬到", "搬去", "搬来", "住", "住在", "居住", "入住", "租住", "住着", "住过"])

_SENSITIVE_PREDICATES = {"address": "address", "health": "medical_condition", "phone_number": "phone"}


class ChineseExtractor:
    """Rules over Chinese text; implements :class:`~kronograph.extraction.base.Extractor`."""

    name = "offline-zh"

    def extract(self, episode: EpisodeInput, *, existing: ExistingLookup | None = None,
                recent: Sequence[Episode] = ()) -> Extraction:
        """Candidate facts of one episode."""
        return Extraction(facts=extract_facts(episode))

    def extract_many(self, episodes: Sequence[EpisodeInput]) -> list[Extraction]:
        """Candidate facts of many episodes (no batching to gain: the rules read text directly)."""
        return [Extraction(facts=extract_facts(e)) for e in episodes]


def extract_facts(episode: EpisodeInput) -> list[CandidateFact]:
    """The candidates of every user turn of ``episode``."""
    reference = to_instant(episode.reference_time, "reference_time")
    kept: list[tuple[Draft, int]] = []  # drafts and their turns; a later sentence may still confirm one
    said: list[Draft] = []  # what the user's earlier sentences said: the slot a bare correction is of
    hedged: list[Draft] = []  # the guesses of the last sentence that made any
    asked: list[Draft] = []  # what the assistant's last question restated
    for index, turn in enumerate(episode.turns):
        if turn.role == "assistant":  # "你是在南昌生活对吧？": what a correction after it may correct
            asked = []
            for m in _SENTENCE.finditer(turn.content):
                statement = restated(m.group())
                for d in read_sentence(statement, 0, reference, said) if statement else []:
                    d.flags.add("asked")  # the slot the question named
                    asked.append(d)
            said.extend(asked)
        if turn.role != "user":
            continue
        for number, m in enumerate(_SENTENCE.finditer(turn.content)):
            sentence = m.group()
            reply = number == 0 and len(asked) == 1 and bool(_DENIED_REPLY.match(sentence))
            if reply:  # "不是，是腾讯" after "你在阿里工作吗？": the no of a yes/no question is a 不对
                sentence = _BARE_NO.sub("不对", sentence, count=1)
            drafts = read_sentence(sentence, m.start(), reference, said)
            if reply:
                answer_to(asked[0], drafts)
            _replaces_said(drafts, said)
            if all(d.predicate == "obtained" for d in drafts) and confirms_alone(sentence):  # "调令下来了，定了"
                _confirm(hedged)
            hedged = [d for d in drafts if d.hedge is not None and d.operation is Operation.add and not d.negated
                      and not d.sensitive_kind] or hedged
            said.extend(drafts + names_said(m.group()))
            kept.extend((d, index) for d in drafts)
        asked = []
    return unique_candidates([d.to_candidate(index) for d, index in kept])


#: Words of certainty beyond CONFIRMS's ("实锤了", "错不了"): a sentence that only says something is now
#: certain ("查过了，确实过敏。", "板上钉钉了，六月搬。") holds a word of either and no doubt or denial
#: ("还没定下来" / "不是过敏" confirm nothing).
_CERTAIN_ALONE = re.compile(r"没跑了|错不了|实锤了|坐实了|铁定了|定死了")


def confirms_alone(sentence: str) -> bool:
    """True when ``sentence`` reads as the confirmation of something said before it, naming nothing new."""
    text = re.sub(r"[错跑]不了|没跑了?|没错", "", sentence)
    return bool(CONFIRMS.search(sentence) or _CERTAIN_ALONE.search(sentence)) and not STRONG_HEDGES.search(sentence) \
        and not re.search(r"没|未|不|待|还要|再看|[？?吗]", text)


def _confirm(hedged: Sequence[Draft]) -> None:
    """Firm the guesses of an earlier sentence ("我好像对头孢过敏。" then "查过了，确实过敏。")."""
    for d in hedged:
        d.hedge, d.confirmed = None, True
        d.memory_type = None if d.memory_type is MemoryType.hypothesis else d.memory_type



def _replaces_said(drafts: list[Draft], said: Sequence[Draft]) -> None:
    """A correction stated whole ("我在深圳工作。" then "哦不对，我是在广州工作") replaces the value said
    last of its slot, as a bare one ("不对，是广州") does."""
    for d in drafts:
        if d.operation is not Operation.correct or d.replaces or not d.predicate or not d.object or d.sensitive_kind:
            continue
        before = next((p for p in reversed(said) if p.subject == d.subject and p.predicate == d.predicate and p.object
                       and p.operation is Operation.add and not p.negated and not p.sensitive_kind), None)
        if before is not None and before.object != d.object:
            d.replaces = before.object


def read_sentence(sentence: str, offset: int, reference: datetime, said: Sequence[Draft] = ()) -> list[Draft]:
    """The drafts of one sentence (``offset``: where it starts in its turn; ``said``: the drafts of the
    sentences before it)."""
    text = sentence.strip()
    if not text:
        return []
    lead = offset + sentence.index(text[0])
    drafts, masked = _sensitive(text, lead)
    english = _ENGLISH_LEAD.match(masked)
    if english and english.end() < len(masked):
        masked = " " * english.end() + masked[english.end():]
    if drafts and all(d.sensitive_kind == "health" for d in drafts):
        forget = forget_request(text, lead, reference)  # "忘掉我说过我有焦虑症": a diagnosis named to be forgotten, not told
        if forget is not None:
            return forget
    forget = forget_request(masked, lead, reference)
    if forget is not None:
        return drafts + forget

    body = masked.strip()
    guessing = bool(SELF_GUESS.match(body))  # "感觉自己可能是 INFP？": a guess about oneself, said as a question
    doubted = bool(_DOUBTED.search(body))  # "我对芹菜有点过敏，不确定": a doubt said after the statement hedges it
    asked = _QUESTION.search(body) or (_ASKING_NE.search(body) and _ASKED.search(body))
    if (asked and not guessing) or _REQUEST.match(body) or _WISH.search(body):
        return drafts
    correcting = bool(_CORRECTING.search(body))
    if correcting:  # "sorry 手滑，我的邮箱应该是 wang.lei@qq.com": the private value given corrects the one said
        for d in drafts:
            if d.sensitive_kind in ("email", "phone_number") and not d.object.startswith("[redacted"):
                d.operation = Operation.correct
    contrast = correcting or bool(CONTRAST.search(body))
    denied = bool(DENIED_BESIDE.search(body))
    left = re.search(r"(?:不|没)在(?!乎|意)(?P<x>[^，,。了]{1,12}?)(?:干|做|待)?了", body)  # "我不在百度了，去了快手": a job left
    # "从腾讯出来，去了字节" / "离开了腾讯，去了字节": an employer left
    out_of = re.search(r"从(?P<x>[^，,从]{2,8}?)(?:出来|离开)", body) or re.search(r"(?<![不没别])(?:离开|告别)了?(?!了)(?P<x>[^，,从]{2,8}?)[，,]", body)
    job_context = bool(re.search(r"工作|上班|跳槽|入职|公司|离职|辞职|挖|员工|offer|同事", body)) or bool(
        out_of and not is_place(out_of["x"]) and not re.match(r"家|学校|宿舍|医院|这|那|里面|国内|老家", out_of["x"])) or bool(
        left and not is_place(left["x"]) and not re.match(r"家|学校|宿舍|这|那|身边|国内|本地", left["x"])) or bool(
        (then := re.search(r"(?:之前|以前|原来|本来)在(?P<x>[^，,]{2,8})[，,](?:现在|目前|如今|后来|[^，,]{0,8}?(?=去了|到了|进了))(?:在|去了|到了|进了)(?P<y>[^，,]{2,8})", body))
        and not is_place(clean(then["x"])) and not is_place(clean(then["y"])))  # "我之前在美团，现在在拼多多"
    school_context = bool(_SCHOOLING.search(body))
    home_context = not _HOME_WORDS.isdisjoint(dictionary_words(body))  # a word: not the 住 of 住院/忍不住/记住
    clauses: list[tuple[ReadClause, list[Draft]]] = []
    subject: ReadClause | None = None
    confirming = style = False
    events: list[Draft] = []  # read only when nothing else in the turn is
    dated: list = []  # the past date of the turn so far: "上个月我们搞了个团建，去千岛湖骑行"
    for at, part in _clauses(masked):
        if not part.strip():
            continue
        background = masked.startswith(("以后", "之后", "后"), at + len(part))  # "我爸退休以后迷上了钓鱼": the time of what follows
        if doubted and _DOUBT_REMARK.fullmatch(part.strip()):
            continue
        clause = read(part.strip(), reference, correcting=correcting, sentence=_sentence_at(masked, at))
        if guessing and clause.hedge is None:
            clause.hedge = "mild"
        if doubted and clause.hedge is None and "confirmed" not in clause.flags:
            clause.hedge = "strong"
        if FORGOT_TO.match(clause.core):
            continue  # "昨天忘了吃药": an act not done, nothing to store
        if _HYPOTHETICAL.match(clause.core) or _HYPOTHETICAL.match(part.strip()) or (
                (clause.explicit_subject or "pronoun" in clause.flags) and clause.subject != "user" and (
                    _REPORTED.match(clause.core) or _REPORTED_BY.match(part.strip()))) or _MADE_TO.match(part.strip()) \
                or _SAID_BY.match(part.strip()):
            break  # "要是我搬到上海，…" / "我老板说下个月可能要裁员": nothing the user states from here on
        if "pronoun" in clause.flags and (subject is None or subject.relation is None):
            continue  # "他说他下个月要去北京": about nobody named here, not the user
        if not clause.explicit_subject and subject is not None:
            clause.subject, clause.subject_zh = subject.subject, subject.subject_zh
            clause.relation, clause.name = subject.relation, subject.name
        elif clause.explicit_subject:
            subject = clause
        if "style" in clause.flags:
            style = True
        elif style:  # "以前穿衣服偏爱鲜艳的，现在喜欢黑白灰": the style named before
            clause.flags.add("style")
        if confirming and clause.hedge is None:  # "结果出来了，我对牛奶过敏": the cue confirms what follows
            clause.flags.add("confirmed")
        found = (ended_as_said(clause) or trait(clause) or read_relations(clause)) if "pronoun" not in clause.flags or (
            subject is not None and subject.relation is not None) else []  # "他…" about nobody named: not the user
        if contrast:  # "我学的是会计，不是金融" / "我老婆姓林，不姓陈": the value the contrast states
            bare = bool(found) and all("bare" in d.flags for d in found)  # "是下周四出发": a bare act, its time the value
            found = denied_name(clause) or said_wrong(clause) or stated_job(clause) or denied_statement(clause) or (
                bare and (attribute_value(clause) or (stated_detail(clause) if denied else []))) or found or [
                replace(d, predicate="uses_os") if d.predicate == "uses" and _OS_NAME.fullmatch(d.object) else d
                for d in contrasted_value(clause) if clause.explicit_subject or clause.relation or
                # "哦不对，叫丸子": a name with nobody named corrects only a name said before
                d.predicate not in ("name", "surname") or any(p.predicate == d.predicate for p in said)] or (
                stated_detail(clause) if denied else [])  # "口误，我家猫叫可乐，不叫雪碧": a topic only the denial tells
        if not found and correcting:
            found = time_corrected(clause, said)  # "说错了，是 11 月 13 号": the time said before, corrected
        if not found and "pronoun" not in clause.flags:
            found = read_structure(clause)  # "我在自学Python": a plain subject–verb–object no phrase rule read
        if (school_context or home_context) and not job_context:  # "我读大三，在武大" / "搬到新家了，在望京"
            for d in found:
                if school_context and d.predicate == "visited" and _SCHOOL_NAME.search(d.object):
                    d.predicate, d.memory_type, d.flags = "studies_at", None, d.flags - {"event", "motion"}  # "考上研究生，去了厦大"
                if "needs_job_context" in d.flags:
                    d.predicate = "studies_at" if school_context else "lives_in"
                    d.flags = d.flags - {"needs_job_context"}
        if skipped_once(clause):  # "今晚健身房不去了": skipped once, nothing ended
            found = [d for d in found if d.operation is not Operation.end]
        if "habitual" in clause.flags:  # "周末都去公园玩": no outing on a date
            found = [d for d in found if d.predicate not in ("visited", "attended")]
        found = _classify(clause, found, reference, job_context or correcting or "ended" in clause.flags)
        if background and any(d.predicate == "employment_status" for d in found):
            found = [d for d in found if not (d.predicate == "works_at" and not d.object)]  # retired: no job said to end
            if re.match(r"(?:以后|之后|后)(?:我)?(?:就|再)?(?:想|要|打算|准备|计划)", masked[at + len(part):]):
                found = []  # "我退休以后想去云南住": a retirement to come, the time of a plan
        if "organisation" in clause.flags:  # "我们公司在望京" is where the user works; its move is no move of the user's
            found = [replace(d, predicate="studies_at" if "school" in clause.flags else "works_at") if d.predicate == "lives_in" else d
                     for d in found if d.predicate != "planned_lives_in"]  # "公司从朝阳搬到了亦庄": where one works now
        if clause.times:
            dated = [t for t in clause.times if t.kind is TimeKind.point and t.start is not None and t.start <= reference]
        elif re.match(r"^(?:我|我们)?(?:刚刚|刚)(?!才|好|巧|开始|入职|毕业|搬|来|到)", part.strip()) \
                and not re.search(r"(?:一下|一眼|一遍|看|想|试)[。！!～~]*$|洗完?澡|吃完?饭|吃完|睡醒|起床|下班|放学|到家|回家|开完会|忙完|就", part):  # "刚考完研就去了广州": as soon as
            day = reference.replace(hour=0, minute=0, second=0, microsecond=0)  # "刚在楼下碰到了班主任": today
            dated = [TimeSpan(text="刚", kind=TimeKind.point, start=day, end=day + timedelta(days=1))]
        if not found:
            found = _counted_habit(clause) or _stopped_topic(clause) or _habit(clause) or _ongoing(clause) or guessed_act(clause) \
                or measured_amount(clause)
            found = [] if _needless(clause) else found  # "终于不用天天挤地铁了": no act ended
        if clauses:
            found = turned_liking(clause, found, clauses)  # "以前爱宅家，现在习惯去爬山": the liking it turned to
        if not found:
            for d in _dated_event(clause, dated if clause.times or "now" not in clause.flags else [], reference):
                d.subject, d.subject_zh = clause.subject, clause.subject_zh
                d.span = (lead + at, lead + at + len(part))
                events.append(d)
        style = style or any(d.predicate == "style_preference" for d in found)  # "现在偏爱简约风，以前喜欢花哨的"
        start = lead + at + (len(part) - len(part.lstrip()))
        for d in found:
            d.subject, d.subject_zh = clause.subject, clause.subject_zh
            d.span = (start, start + len(part.strip()))
            _apply_flags(d, clause, reference)
        clauses.append((clause, found))
        confirming = confirming or ("confirmed" in clause.flags and not found)
        relative = _RELATIVE_NAMED.match(clause.core) if clause.subject == "user" else None
        if relative:  # "我有个女儿，今年五岁了": the next clauses are about her
            subject = read("我" + relative["rel"], reference)
        introduced = _INTRODUCED.match(clause.text.strip()) if not found else None
        if introduced:  # "小王是我室友，他在腾讯上班": the next clauses are about 小王
            named = read("我" + (introduced["rel"] or introduced["rel2"]), reference)
            name = introduced["name"] or introduced["name2"]
            if named.relation and not re.match(r"[我你他她它这那]", name):
                named.subject = named.subject_zh = named.name = name
                subject = named
    _liking_without_object(clauses)
    _errand_thing_named_before(clauses)
    _habit_named_before(clauses)
    _dated_by_move(clauses, reference)
    if any("correct" in c.flags for c, _ in clauses):
        for c, found in clauses:
            if "said_before" in c.flags and "correct" not in c.flags:
                for d in found:
                    d.negated = True  # "我刚才说我在顺丰，其实是在中通": the value said before is the wrong one
    _confirm_after(clauses)
    _place_named_after(clauses)
    if any(d.confirmed for _, found in clauses for d in found):  # "去医院抽了血，结果显示…": the check-up is no outing
        for _, found in clauses:
            found[:] = [d for d in found if not (d.predicate == "visited" and _MEDICAL_PLACE.match(d.object))]
    settled_matters(clauses, reference)  # before the offer's employer is read: "腾讯的 offer 到了" is such a grant
    _offer_taken(clauses)
    _grant_named(clauses)
    per_session(clauses)
    passed_after(clauses)
    if not any(d.sensitive_kind == "health" for d in drafts):
        finding(clauses)  # "查出来乙肝阳性": the diagnosis named is the fact
    granted_value(clauses)
    device_named(clauses)
    travel_time(clauses)
    one_amount_per_measure(clauses)
    named_kin_or_pet(clauses)
    _role_named_after(clauses)
    read_ = name_employer(_name_generic(_combine(clauses, said), masked), masked, lead) + _relatives(clauses, lead, len(text))
    if any(d.sensitive_kind == "health" for d in drafts):  # "确诊了抑郁症，在吃舍曲林": the drug would tell the diagnosis
        read_ = [d for d in read_ if not (d.predicate == "takes_medication" or (
            d.predicate == "has_task" and re.search(r"^(?:吃|服用?|打)[^，,]{0,8}(?:药|[a-zA-Z\u4e00-\u9fff]{2,4}(?:林|素|片|胶囊|酮|平|汀|坦|沙星))", d.object)))]
    return drafts + (read_ or ([] if drafts else events))


#: A clause that says something was done ("看了", "拿到手了", "考过"), not a state or a wish.
_DONE_ACT = re.compile(r"(?<=[\u4e00-\u9fffA-Za-z0-9》])(?:了|过)(?![敏年来去日])")
#: A verb with 完 after it is an act finished ("考完科目二", "搬完家"), as one with 了 is.
_FINISHED = re.compile(r"(?<=[\u4e00-\u9fff])完(?!全|美|整|善|蛋|了吗)")
_NO_ACT = re.compile(r"^(?:是|有(?!个|一个|场|一场)|没|不|很|太|真|挺|好|天气|心情|感觉|状态|身体|精神|还行|不错|累|困|忙|下雨|下雪|刮风)")


#: Errands done on a day are no event worth keeping ("上周在苏州开了个会", "昨天去医院看了牙").
_ERRAND = re.compile(r"开(?:了|过)?(?:个|一个|场|一场|次)?会|看(?:了|过)?(?:个|次|一次|一下)?(?:病|牙|医生|急诊|门诊)|检查|复查|"
                     r"抽(?:了)?血|拿(?:了)?药|取(?:了)?快递|加(?:了)?班|上(?:了)?班|睡(?:了)?觉|打碎|弄坏")
#: Words that may come before the act ("又", "一起", "带孩子", "把驾照…").
_BEFORE_ACT = frozenset("把带陪跟和与给替帮去来到在从又也还刚就都才先再")


def _acts_first(phrase: str) -> bool:
    """True when ``phrase`` opens with an act (a verb by jieba's dictionary, or a word that leads one:
    "把", "带", "去"), not with a noun that is its own subject ("乐队解散了")."""
    words = dictionary_words(phrase)
    while words and words[0] in ("一起", "一块", "一块儿", "终于", "刚刚", "已经", "专门", "特意", "顺便"):
        words = words[1:]
    return bool(words) and ((len(words[0]) == 1 and words[0] in _BEFORE_ACT) or dictionary_verb(words[0]))


#: Tags of the thing or place a past act is told about before its verb ("手机摔坏了", "家里停电了",
#: "公司团建去了趟莫干山"): nouns, places and a few words jieba tags otherwise; a person (nr) is
#: someone else's act.
_TOPIC_TAGS = frozenset({"n", "ns", "nt", "nz", "s", "ng"})
_TOPIC_WORDS = frozenset({"团建", "我家", "家里", "家", "一个人", "自己", "独自"})
#: The occasion an act happened at, said before it ("年会抽中了一台 iPad", "婚礼上碰到了前同事"): jieba splits
#: some of these words, so they are lifted off by name before the act is looked for.
_OCCASION_LEAD = re.compile(r"^(?:在)?(?:公司|单位|部门|学校|小区)?(?:的)?(?:年会|尾牙|团建|婚礼|婚宴|聚会|同学会|同学聚会|饭局|晚会|发布会|"
                            r"运动会|展会|音乐节|演唱会|生日会|酒会|典礼|毕业典礼)(?:上|里|中)?")


def _topic_led_act(phrase: str) -> bool:
    """True when ``phrase`` names the thing or place of an act first and the act after it ("手机摔坏",
    "我家猫生了四只小猫"): Chinese puts the topic before the comment, and the act is still the user's news."""
    words = tagged_words(re.sub(r"^(?:一个人|独自|自己)", "", phrase))
    if words and words[0][0] in ("结果", "然后", "后来", "最后", "最终"):
        return False  # "结果下雨了": how a plan went, no topic
    topic = 0
    while topic < min(len(words), 3) and (words[topic][1] in _TOPIC_TAGS or words[topic][0] in _TOPIC_WORDS):
        topic += 1
    if topic == 0 and len(words) > 1 and words[0][1] == "zg" and words[1][0] in ("在", "被"):
        topic = 1  # "车在…被刮了": jieba leaves a one-character noun untagged
    if 0 < topic < len(words) and words[topic][0] in ("在", "被"):  # "钱包在地铁上丢了" / "车被刮了": where, or by whom
        verb = next((i for i in range(topic + 1, min(len(words), topic + 5))
                     if words[i][1].startswith("v") or (words[i][1] == "zg" and i + 1 == len(words))), None)
        return verb is not None and not _NO_ACT.match(words[verb][0]) and all(
            t in _TOPIC_TAGS or t in ("f", "p", "r") for _, t in words[topic + 1:verb])
    return 0 < topic < len(words) and topic <= 2 + (words[0][0] in _TOPIC_WORDS) and not _NO_ACT.match(words[topic][0]) and (
        words[topic][1].startswith("v") or dictionary_verb(words[topic][0]) or words[topic][0] == "掉")


def _verb_led(phrase: str) -> bool:
    """True when ``phrase`` is one dictionary word led by a one-character verb ("背单词", "系鞋带"),
    which jieba's dictionary keeps whole and untagged as a verb."""
    words = dictionary_words(phrase)
    return bool(words) and len(words[0]) > 2 and dictionary_verb(words[0][0])


def _names_an_act(phrase: str) -> bool:
    """True when ``phrase`` holds a verb by jieba's dictionary ("点五六次外卖") or names time spent ("屏幕时间")."""
    words = dictionary_words(phrase)
    return bool(words) and (bool(re.search(r"时间|时长", phrase)) or any(
        dictionary_verb(w) and w not in ("有", "是", "要", "能", "会") for w in words))


#: How often or how long, per period: "每天…七个多小时", "一个星期…五六次", "一年…一百来天".
_PERIOD = re.compile(r"(?:每|一)(?:个)?(?:天|日|晚上?|周|星期|礼拜|月|年|季度)|平均")
# never starting inside a run of numerals: a count starts where its number does (and a long digit
# run is scanned once, not once per digit)
_COUNT = re.compile(r"(?<![\d.零〇一二两三四五六七八九十百千万])(?:" + NUMBER + r"|半)(?:来|多|几)?(?:个)?(?:多|半)?"
                    r"(?:小时|钟头|分钟|天|次|回|趟|遍|杯|瓶|罐|本|部|公里|千米|米|步|页|集|顿|单|局|场|节|圈|包|根|斤)(?:半|多)?")


def _counted_habit(clause: ReadClause) -> list[Draft]:
    """ "我手机每天屏幕时间七个多小时" / "我一个星期点五六次外卖": how often or how long the user does
    something per period, when no rule named the measure, kept as said (``quantity_habit``)."""
    core = clause.core.strip()
    rough = clause.hedge == "mild" and re.search(r"大概|大约|差不多|左右", clause.text)  # "大概看两三部": roughly, no hedge
    if clause.subject != "user" or (clause.hedge is not None and not rough) or clause.flags & {"will", "plan", "ended", "pronoun"} \
            or re.search(r"[吗呢？?]$|多少|几(?:个|次|天)", core):
        return []
    said = clause.text  # the period may have been lifted off the core as a time ("一年回老家四五趟")
    period, count = _PERIOD.search(said), _COUNT.search(said)
    if period is None or count is None or count.start() < period.start() or not _names_an_act(said[period.end():]):
        return []
    phrase = clean(core, keep_measure=True)
    return [Draft(predicate="quantity_habit", object=phrase)] if is_value(phrase) else []


#: How often, then what is done: "每天…", "每周末".
_EVERY = re.compile(r"^(?:(?:现在|如今|退休后)?每(?:个)?(?:周末|天|日|晚|周|星期|礼拜|月)|(?:现在|如今|退休后)?天天)(?:早上|早晨|晚上|傍晚|下午|中午|上午|下班后|放学后|饭后)?"
                    r"(?:都|会|要|坚持|雷打不动地?|固定)*(?:去|到)?")
_MEDICINE_WORDS = re.compile(r"药|针|透析|治疗|康复")
#: Care a person is under is a health detail, not a pastime ("在看心理医生", "在做化疗").
_CARE = re.compile(r"医生|大夫|医院|看病|化疗|放疗|住院|复健|理疗|心理咨询|咨询师")
_CHORES = re.compile(r"^(?:吃饭|睡觉|上班|下班|起床|洗澡|刷牙|洗脸|做饭|加班|通勤|坐地铁|开会)$")


def _habit(clause: ReadClause) -> list[Draft]:
    """ "我老公每天跑步" / "我妈每周去跳广场舞": what a relative does as a rule, when no rule named it
    (the user's own routines, "我每天吃药", stay unstored as the dev labels have them)."""
    said = re.sub(r"^(?:我们?|咱们?)(?:的|家的?)?", "", clause.text.strip().rstrip("。！!～~…"))
    if clause.relation:  # "老公每天跑步": the relative named, then what they do
        said = said.removeprefix(clause.subject_zh.removeprefix("用户的"))
        if clause.name and clause.name in said:  # "室友小王每天…": the relation, the name, then what they do
            said = said.split(clause.name, 1)[1]
    every = _EVERY.match(said)
    if every is None or clause.relation is None or clause.hedge is not None \
            or clause.flags & {"will", "plan", "ended", "pronoun", "past"}:
        return []
    act = clean(re.sub(r"^(?:都|也|还|会|要|得)*(?:正在|在)?", "", said[every.end():]))
    if len(act) < 2 or not is_value(act) or _CHORES.match(act) or not (_names_an_act(act) or _verb_led(act) or ACTIVITY.match(act) or every.group().endswith(("去", "到"))) \
            or re.search(r"[吗呢？?]$|不|没|^(?:很|挺|太|真|好|特别|非常|比较|有点|超)", act) or _MEDICINE_WORDS.search(act) \
            or re.fullmatch(r"(?:出去|出门|下楼|过去|出来)[\u4e00-\u9fff]", act):
        return []  # "(迷上了广场舞，)天天晚上出去跳": going out to do what was named before names nothing new
    return [Draft(predicate="activity", object=act)]


#: Just learned or just begun: "刚学会骑车", "开始学做饭".
_JUST_LEARNED = re.compile(r"^(?:刚|刚刚|才|已经|也)*(?:学会了?|开始)(?=[\u4e00-\u9fffA-Za-z])")
_AT_HOME = re.compile(r"^(?:在)?(?:家|家里|老家)(?=[\u4e00-\u9fff])")


def _ongoing(clause: ReadClause) -> list[Draft]:
    """ "我表姐在做跨境电商" / "室友阿杰在做直播" / "我妹刚学会开车": what a relative is doing these
    days or has just learned to do, when no rule named it (``activity``, filed under that person)."""
    if clause.relation is None or clause.hedge is not None or clause.flags & {"will", "plan", "ended", "past", "task"}:
        return []
    core = re.sub(r"^(?:现在|目前|最近|已经|还|也|都|一直|天天)+", "", clause.core.strip())
    learned = _JUST_LEARNED.match(core)
    if learned:
        core = core[learned.end():]
    elif "progressive" in clause.flags or "began" in clause.flags or re.match(r"(?:正在|在)(?=[\u4e00-\u9fff])", core):
        core = _AT_HOME.sub("", re.sub(r"^(?:正在|在)(?=[\u4e00-\u9fff])", "", core))  # "现在在家带孙子": where, then what
    else:
        return []
    act = clean(core)
    if len(act) < 2 or not is_value(act) or _CHORES.match(act) or not (learned or _acts_first(act) or _verb_led(act)) \
            or re.search(r"[吗呢？?]$|不|没|^(?:是|有|在|忙|干嘛|干什么)", act) or _MEDICINE_WORDS.search(act) or _CARE.search(act):
        return []
    return [Draft(predicate="activity", object=act)]


#: A thing named first, then that the user stopped it: "读书会我不参加了" / "钢琴课停了" / "网易那边我已经离职了".
_STOPPED_TOPIC = re.compile(
    r"^(?:[^，,我你他她]{0,8}?的(?=那|这))?(?:那家|这家|那个|这个)?(?P<share>那份|这份)?(?P<o>(?:[^，,我把你他她它这那]|(?<=[吉其])他){2,10}?)(?:(?P<share2>那份|这份)(?:工作|兼职|活儿?|差事|副业|实习)?|那边|那儿|那里|这边)?我?(?:已经|早就|早|都|也|就|现在|彻底|基本上?|一直|终于|总算|提前|刚刚?)*"
    r"(?:(?P<job>离职|辞职|辞了|不干)|(?:(?P<no>不)再?|没再|没有再|再也不|(?P<bare>没))(?:" + "|".join(STOPPED_DOING) + r")|"
    r"(?:停|停掉|退掉|退订|取消|断|戒|戒掉|放弃|退|" + "|".join(ENDING_VERBS) + r")(?:掉)?)了?(?:(?:" + NUMBER + r"|半|几)(?:多)?个?(?:多)?(?:年|月|天|周|星期)(?:多)?了?)?$")
#: Things called off once or machines that stop, which end no habit of the user's when named before 取消/停.
_ONE_OFF = re.compile(r"会议|例会|航班|机票|车票|门票|订单|快递|预约|活动|聚会|聚餐|面试|约会|电梯|地铁|公交|雨|雪|停电|服务器|系统|网络?$|水$|电$")
_MEMBER_THING = re.compile(r"会员|卡$|课$|班$|会$|社$|群$|俱乐部$|协会$|订阅$|套餐$")
#: What kind of thing was ended, by its word, and the slot its ending closes: a loan paid off, a shop
#: handed over, a rented room given back, a band broken up (a pastime otherwise).
ENDED_KINDS = ((re.compile(r"[房车]贷|贷款|欠款|借款|花呗|白条|网贷|债"), "has"),
               (re.compile(r"店$|铺$|摊$|档口$|工作室$|小公司$"), "owns"),
               (re.compile(r"出租屋|合租房|租的房|房子$|公寓$|单间$|宿舍$"), "lives_in"),
               (re.compile(r"乐队|组合$|[^球]队$|团$|小组$|读书会|社团|战队|车队"), "member_of"))


def _stopped_topic(clause: ReadClause) -> list[Draft]:
    """What the user stopped, named before the verb, when no rule read the clause: a job left, a
    membership or class dropped, else a pastime ended (a time named before it is lifted off first)."""
    if clause.subject != "user" or clause.hedge is not None or clause.flags & {"will", "plan", "pronoun"}:
        return []
    m = _STOPPED_TOPIC.match(clause.core.strip())
    if m is None:
        return stopped_doing(clause)  # "跑团我不跑了", read as "不跑跑团了"
    if ((m["bare"] or (m["no"] and "不再" not in m.group(0))) and not m.group(0).endswith("了")):
        return []  # "早饭没吃": not done yet; "会员没续费了": stopped; "时间老是对不上": no stop without 了 or 再
    o = clean(re.sub(r"(?:到期|过期|结束)了?$", "", m["o"]))
    o = re.sub(rf"^(?:我(?:家)?)?(?:{RELATION_WORDS})的(?=..)", "", o)  # "女儿的钢琴课停了": the class, paid by the user
    if _ONE_OFF.search(o) or ((m["no"] or re.search(r"停|取消", m.group(0))) and not FROM_THEN_ON.search(clause.text) and any(
            t.start is not None and t.end is not None and t.end - t.start <= timedelta(days=1) for t in clause.times)):
        return []  # "会议取消了" / "电梯停了" / "今天健身房不去了": a thing called off or skipped once, no habit ended
    if not is_value(o) or len(o) < 2 or o.startswith("的") or DEICTIC.match(o) or re.search(r"[的了吗呢被]$|天|晚|今|明|昨|中的|^(?:最后|最终|后来|结果|然后|终于|还是)$", o) \
            or re.search(r"(?:想|要|打算|准备|计划|希望)$", o) \
            or re.match(r"(?:以后|之后|今后|往后|将来|从此|从今以后|再也|再)$", o) \
            or re.search(r"[\u4e00-\u9fff]不(?:动|了|起|下|上|进|完|好|过)$", o) \
            or NOT_A_TOPIC.search(o):
        return []  # "以后不去了": a time, no topic; "打不动了": an act one cannot do, none stopped
    if m["job"] and (m["share"] or m["share2"]):  # "那份家教我不干了": a job named by what it is
        return [Draft(predicate="job_title", object=o, operation=Operation.end)]
    if m["job"]:
        return [Draft(predicate="works_at", object=o, operation=Operation.end, object_type=EntityType.organization)]
    kind = next((slot for words, slot in ENDED_KINDS if words.search(o)), None)
    if kind is not None:
        return [Draft(predicate=kind, object=o, operation=Operation.end)]
    if _MEMBER_THING.search(o):
        return [Draft(predicate="member_of", object=o, operation=Operation.end, object_type=EntityType.organization)]
    return [Draft(predicate="activity", object=o, operation=Operation.end)]


#: Happenings whose day alone says they are over, with no 了 ("上周六跟老同学聚会", "前天晚上整栋楼停电").
_GATHERING = re.compile(r"(?:聚会|聚餐|聚了|团建|年会|婚礼|停电|停水|停气|断电|断网|献血|体检|面试|搬家|求婚)$")
#: A part of the day said after the day word, which the time reader leaves in the clause ("前天夜里…", "昨天半夜…").
_DAY_PART_LEFT = re.compile(r"^(?:后半夜|大半夜|半夜|深夜|夜里|夜间|那天|当天|那一天|那晚|一大早|大清早)(?:里)?")
#: Where a happening befell the user's home ("小区停水了", "家里进了小偷", "整栋楼停电"): the home, not a subject of its own.
_HOME_LEAD = re.compile(r"^(?:我们|我家)?(?:整栋楼|整个小区|整个楼|整栋|小区(?:里)?|楼里|楼道里|家里|家中|宿舍(?:里)?|村里)")
#: An occasion said first, then what the user did at it: "部门聚餐我喝多了", "公司抽奖我抽中了一台 iPad".
_OCCASION_THEN_ME = re.compile(r"^(?P<topic>[^我你他她，,]{2,8}?)(?:上|里|中|时|的时候)?(?:我们|咱们|我俩|我)(?:也|还|就|居然|竟然|一起)*(?P<act>[^，,]{2,})$")
#: What an occasion said first must not hold: a saying, a feeling or another person acting on the user.
_NOT_OCCASION = re.compile(r"说|讲|问|觉得|想|让|叫|给|跟|和|被|把|帮|告诉|以为|听|看见|发现|怕")
#: A count of times ("小区停了两次电"): happenings, no one event.
_TIMES_OVER = re.compile(r"(?:" + NUMBER + r"|几|好几)次")


def _occasion_then_me(core: str) -> str | None:
    """The occasion and the act, when ``core`` names an occasion first and then what the user did at it
    ("部门聚餐我喝多了" -> "部门聚餐喝多了"); else None."""
    m = _OCCASION_THEN_ME.match(core)
    if m is None or _NOT_OCCASION.search(m["topic"]) or not (_DONE_ACT.search(m["act"]) or _FINISHED.search(m["act"])):
        return None
    words = tagged_words(m["topic"])
    if not words or words[0][1] not in ("n", "nt", "ns", "nz", "vn", "t") or not _acts_first(m["act"]):
        return None
    return m["topic"] + m["act"]


def _befell_home(phrase: str) -> bool:
    """True when ``phrase`` tells what befell the user's home ("小区停水", "家里进了小偷")."""
    rest = _HOME_LEAD.sub("", phrase)
    return rest != phrase and len(rest) >= 2 and (_acts_first(rest) or _GATHERING.search(rest) is not None)


def _dated_event(clause: ReadClause, dated: list, reference: datetime) -> list[Draft]:
    """ "昨晚看了《流浪地球》" / "上周二我考了科目二": something the user did on a past date that no rule named
    is an event of that date (the date may come from an earlier clause of the turn)."""
    flags = clause.flags - {"past"} if not _PAST.search(re.sub(r"(?:以前|之前|原来|原先)的", "", clause.text)) else clause.flags
    if not dated or clause.subject != "user" or clause.hedge is not None or \
            flags & {"ended", "will", "plan", "task", "habitual", "past", "pronoun", "correct"}:
        return []  # "以前的房东" names who, not when: no past said
    core = re.sub(r"^(?:我们|咱们|我俩|我们俩|我和[^，,]{1,6}?|我跟[^，,]{1,6}?)(?=[\u4e00-\u9fff])", "", _DAY_PART_LEFT.sub("", clause.core.strip()))
    occasion = _occasion_then_me(core)
    core = occasion or core
    finished = _FINISHED.search(core)
    # a day named in the clause itself dates an act said without 了 ("上周六跟老同学聚会", "前天晚上整栋楼停电")
    bare_past = bool(clause.times) and _GATHERING.search(core) is not None
    if not (_DONE_ACT.search(core) or finished or bare_past) or _NO_ACT.match(core) or re.search(r"[吗呢？?]$|死(?:我|人)?了?$", core):
        return []
    phrase = clean(core, keep_measure=core.startswith(("家里", "家中")))  # "家里停电了": the home, no measure word
    if len(phrase) < 3 or not is_value(phrase) or _ERRAND.search(phrase) or not (
            _acts_first(phrase) or _acts_first(re.sub(r"^(?:一个人|独自|自己)", "", phrase))
            or (_topic_led_act(phrase) and not _TIMES_OVER.search(phrase))
            or (_OCCASION_LEAD.match(phrase) is not None and _acts_first(_OCCASION_LEAD.sub("", phrase)))
            or occasion is not None or (_befell_home(phrase) and not _TIMES_OVER.search(phrase)) or _verb_led(phrase)):
        # "回老家扫墓了": 回老家 is one word; "小区停了两次电": happenings, no one event

        return []
    done = _FINISHED.search(phrase)
    if done and dictionary_words(phrase[done.start() - 1] + phrase[done.end():done.end() + 1]) == [
            phrase[done.start() - 1] + phrase[done.end():done.end() + 1]]:
        phrase = phrase[:done.start()] + phrase[done.end():]  # "搬完家" is the 搬家 done
    draft = Draft(predicate="activity", object=phrase, memory_type=MemoryType.episodic, flags={"event"})
    draft.valid_from = max(t.start for t in dated)
    return [draft]


_MEDICAL_PLACE = re.compile(r"^(?:[^，,]{0,6}?)(?:医院|诊所|门诊|体检中心|卫生院|医务室|皮肤科|急诊|社区医院)")


_BARE_LIKING = re.compile(r"^(?:[^，,我]{1,6}?(?:之后|以后|后)(?:就|才)?|[听看吃喝玩打学练]了?(?:几次|几回|几口|几天|一段时间|两次|两回)(?:之后|以后|后)?(?:就|才)?)?(?:(?:长大|后来|现在|如今|慢慢|渐渐|反而|倒是|却|也|就|都|开始)(?:了|的)?)*"
                          r"(?:很|挺|特别|超|非常|还挺|蛮|真|越来越)?[听看吃喝玩]?(?:喜欢上|喜欢|爱上|爱吃|爱喝|爱|离不开|上瘾|着迷|享受|(?:觉得|感觉)(?:也|还|倒是?|反而)*(?:挺|很|特别|蛮|还挺|真|超)?(?:好吃|好喝|好玩|好听|好看|有意思|香))(?:上)?(?:它|这个|这口)?(?:了|的)*$")  # "现在离不开它了"


#: Words of a move or a job left or taken: the day said with them is the day of the new home or job.
_MOVED = re.compile(r"离开|搬|辞职|辞了|离职|跳槽|调到|调去|回了|回到|换了|入职|毕业|退伍|落脚|定居")
_NEW_STATE = frozenset({"lives_in", "works_at", "job_title", "studies_at"})


#: A thing said first to be due ("护照快过期了", "会员到期了"), then the errand done with it, unnamed ("得去换一下").
_DUE_THING = re.compile(r"^(?P<o>[^，,我你他她]{2,16}?)(?:快|要|已经|都|马上|就)*(?:过期|到期|到时间|到日子|坏|坏掉|没电|用完|满|欠费|停机)了?$")
_BARE_ERRAND = re.compile(r"^(?:去|得|要)?(?:换|续|续费|续签|补办|办|修|交|缴|还|取|拿|寄|退|年检|保养|充|洗|检查)(?:一下|下)?$")


_NOT_RENEWED = re.compile(r"^(?:就|也)?(?:没(?:有)?再?续(?:费|订|卡)?|不(?:再)?续(?:费|订)?|没(?:有)?再?买)了?$")
_CARRIED = re.compile(r"^(?:带|送|拿)(?:去|到)[^，,]{2,8}$")


def _errand_thing_named_before(clauses: list[tuple[ReadClause, list[Draft]]]) -> None:
    """ "护照快过期了，这两天得抽空去换一下": the errand is done with the thing said to be due;
    "健身房的卡到期了，我没续": the paid thing is let lapse."""
    due = None
    for c, found in clauses:
        for d in found:
            if due is not None and d.predicate == "has_task" and _BARE_ERRAND.match(d.object):
                d.object += due
            elif due is not None and d.predicate == "has_task" and _CARRIED.match(d.object):
                d.object += f"（{due}）"  # "疫苗到期了，得带去宠物医院": what it is taken there for
        renewed_not = _NOT_RENEWED.match(c.core) or ("ended" in c.flags and re.fullmatch(r"续(?:费|订|卡)?", c.core))  # "我没再续"
        if due is not None and not found and c.hedge is None and renewed_not and re.search(GROUPS, due):
            found.append(Draft(predicate="member_of", object=due, operation=Operation.end, subject=c.subject,
                               subject_zh=c.subject_zh))
        m = _DUE_THING.match(c.core)
        due = clean(m["o"], keep_measure=True) if m is not None and not DEICTIC.match(m["o"]) else due


#: A habit of years said first ("喝了十几年酒", "抽了二十年烟"), then given up in a clause of its own ("今年彻底戒掉了").
_YEARS_OF_HABIT = re.compile(r"^(?P<v>[抽喝吃熬嚼])了(?:快|将近|差不多|整整)?(?:" + NUMBER + r"|几|十几|二十几|好几)(?:来|多)?(?:个)?(?:年|月)(?:的)?(?P<o>[^，,]{1,4})$")
_BARE_QUIT = re.compile(r"^(?:戒|戒掉|戒了|戒掉了|改掉了)$")


def _habit_named_before(clauses: list[tuple[ReadClause, list[Draft]]]) -> None:
    """ "喝了十几年酒，今年彻底戒掉了": the habit given up is the one of years said before."""
    for (before, _), (clause, found) in pairwise(clauses):
        m = _YEARS_OF_HABIT.match(before.core)
        if m is not None and not found and _BARE_QUIT.match(clause.core) and clause.hedge is None:
            found.append(Draft(predicate="activity", object=m["o"], operation=Operation.end, subject=clause.subject,
                               subject_zh=clause.subject_zh, span=(0, 0)))


def _dated_by_move(clauses: list[tuple[ReadClause, list[Draft]]], reference: datetime) -> None:
    """ "去年离开成都，落脚在了重庆" / "前天刚搬进新家，在天河区": the new home or job said after the
    move holds from the day the move was dated, not from the day it was told."""
    moved_on: datetime | None = None
    for clause, found in clauses:
        day = next((s.start for s in clause.times if s.kind is TimeKind.point and s.start is not None
                    and s.start <= reference), None)
        if day is not None:
            moved_on = day if _MOVED.search(clause.text) else None
            continue
        if moved_on is None:
            continue
        for d in found:
            if d.predicate in _NEW_STATE and d.operation is Operation.add and not d.negated:
                d.valid_from = moved_on


def _liking_without_object(clauses: list[tuple[ReadClause, list[Draft]]]) -> None:
    """ "小时候不爱吃香菇，长大了反而很喜欢": a liking without its object likes what an earlier clause of
    the turn named as liked or disliked."""
    for i, (clause, found) in enumerate(clauses):
        if any(d.object for d in found) or clause.hedge is not None or not _BARE_LIKING.match(clause.core.strip()):
            continue
        named = next((d for _, earlier in reversed(clauses[:i]) for d in earlier
                      if d.predicate in ("likes", "dislikes", "preferred_drink") and d.object), None)
        if named is not None and named.subject == clause.subject:
            liked = Draft(predicate="likes", object=named.object, flags={"now"})
            liked.subject, liked.subject_zh, liked.span = clause.subject, clause.subject_zh, named.span
            found[:] = [liked]


def _offer_taken(clauses: list[tuple[ReadClause, list[Draft]]]) -> None:
    """ "拿到了腾讯的offer，下个月入职": the start named without its employer is at the offer's."""
    employer = next((m["x"] for _, found in clauses for d in found if d.predicate == "obtained"
                     and (m := re.match(r"^(?P<x>[^，,]{2,10}?)的(?:offer|Offer|OFFER|录用通知)$", d.object))), None)
    if employer is None:
        return
    started = False
    for _, found in clauses:
        for d in found:
            if d.predicate == "plans_to" and re.fullmatch(r"(?:去)?(?:入职|报到|上班|上岗)", d.object):
                d.predicate, d.object, started = "planned_works_at", employer, True
    for _, found in clauses:  # "腾讯的 offer 到了，六月一号入职": the offer only confirms the start it names
        found[:] = [d for d in found if not (started and d.predicate == "obtained" and d.object.startswith(employer + "的"))]


_BARE_GRANT = r"(?:offer|Offer|OFFER|签证|录取通知书?|通知书|批文)"


def _grant_named(clauses: list[tuple[ReadClause, list[Draft]]]) -> None:
    """ "录取通知书到了，南大化学系": the school named alone after the letter is where one studies; a
    grant named bare beside a plan is the plan's confirmation, not a fact of its own."""
    for (_, found), (after, next_found) in pairwise(clauses):
        school = clean(after.core)
        for d in found:
            if d.predicate == "obtained" and re.fullmatch(r"(?:[^，,]{0,6}的)?录取通知书?", d.object) and not next_found \
                    and after.subject == "user" and is_value(school) and len(school) <= 12 and not DEICTIC.match(school):
                d.predicate, d.object, d.memory_type = "studies_at", school, None
                d.flags = (d.flags - {"event"}) | {"change"}
    planned = any(d.predicate and d.predicate.startswith("plan") for _, found in clauses for d in found)
    for _, found in clauses:  # "签证下来了，下个月去东京": the grant only confirms the plan beside it
        found[:] = [d for d in found if not (planned and d.predicate == "obtained" and re.fullmatch(_BARE_GRANT, d.object))]


def _role_named_after(clauses: list[tuple[ReadClause, list[Draft]]]) -> None:
    """ "教书的，高中化学": what is taught, named alone after the teacher; "博二，做蛋白质结构预测":
    what a student works on, named after the year."""
    for (_, found), (after, next_found) in pairwise(clauses):
        if next_found or after.flags & {"will", "plan"} or after.hedge:
            continue
        core = after.core.strip()
        for d in (d for d in found if d.subject == after.subject):  # "我室友在读博，研究机器人": of whoever the turn is about
            if d.predicate == "job_title" and d.object == "老师" and re.fullmatch(TAUGHT, core):
                d.object = core + "老师"
            field = re.fullmatch(r"(?:主要)?(?:做|搞|研究|学)(?P<o>[^，,]{2,14})", core)
            if d.predicate == "current_education" and field and is_value(clean(field["o"])) and not DEICTIC.match(field["o"]):
                next_found.append(replace(d, predicate="studies", object=clean(field["o"]), flags=set(d.flags)))
                break


_PLACEHOLDER = re.compile(r"(?:那边|这边|那儿|那里|城市|地方|地儿)")
#: A move planned with no place ("下个月搬家"), and the words a next clause names its place by ("目的地是厦门").
_MOVE_ONLY = re.compile(r"搬(?:个|一次)?家|搬走|搬过去")
_DESTINATION = r"(?:目的地|终点|地点|新家|新住处|新地址|要去的地方|搬去的地方|要搬去的地方)(?:是|在|定在|选在|选了|选的是)"
#: A clause that is only a place, after one that left it unnamed ("比如昆明", "目的地是厦门").
_NAMED_PLACE = re.compile(r"(?:比如|譬如|例如|像|就是|应该是|大概是|可能是|" + _DESTINATION
                          + r")?(?:说)?(?:搬去|搬到|搬回|在|去|到)?(?P<o>[^，,]{2,8}?)(?:那边|吧|呢)?")


def _place_named_after(clauses: list[tuple[ReadClause, list[Draft]]]) -> None:
    """ "也许明年换个城市生活，比如昆明" / "可能搬去男朋友那边住，在南京": the place named after a home left
    unnamed is the home meant, hedged as the first clause was."""
    for (_, found), (after, next_found) in pairwise(clauses):
        named = _NAMED_PLACE.fullmatch(after.core.strip())
        if named is None or not is_place(named["o"]) or after.subject != "user":
            continue
        for d in found:
            if d.predicate in ("lives_in", "planned_lives_in", "plans_to") and (_PLACEHOLDER.search(d.object) or (
                    d.predicate == "plans_to" and _MOVE_ONLY.fullmatch(d.object))) and (
                    d.predicate != "plans_to" or re.search(r"城市|地方|住|生活|定居|搬", d.object)):
                d.predicate = "lives_in" if d.predicate == "lives_in" and not d.hedge else "planned_lives_in"
                d.object = named["o"]
                next_found[:] = [n for n in next_found if n.object != named["o"]]
                break


def _confirm_after(clauses: list[tuple[ReadClause, list[Draft]]]) -> None:
    """ "上次说可能对芒果过敏，现在已经确诊了": a confirming clause after a hedged one confirms it."""
    for i, (clause, found) in enumerate(clauses):
        if i == 0 or found or "confirmed" not in clause.flags or clause.hedge is not None or \
                re.search(r"没|未|不|待", re.sub(r"[错跑]不了|没跑了?|没错", "", clause.text)):
            continue
        for _earlier, drafts in clauses[:i]:
            for d in drafts:  # "我对猫毛过敏，这个错不了": one said plainly is confirmed too
                if d.operation is Operation.add and not d.negated and not d.sensitive_kind and \
                        d.memory_type is not MemoryType.task:
                    d.hedge, d.confirmed = None, True
                    d.memory_type = None if d.memory_type is MemoryType.hypothesis else d.memory_type


_GENERIC = re.compile(r"群|公司|单位|俱乐部|社团|协会|队|班")


def _name_generic(drafts: list[Draft], text: str) -> list[Draft]:
    """ "我退群了，那个跑步群太吵了": a bare 群 named by the clause about it."""
    for d in drafts:
        if d.object and _GENERIC.fullmatch(d.object):
            named = re.search(r"[这那](?:个|家)(?P<x>[^，,。！？!?]{1,8}?" + d.object + r")", text)
            if named:
                d.object = named["x"]
    return drafts


def _sentence_at(text: str, at: int) -> str:
    """The sentence of ``text`` the clause starting at ``at`` is part of (up to 。！？; or a line's end)."""
    start = max(text.rfind(c, 0, at) for c in "。！？!?；;\n") + 1
    ends = [e for e in (text.find(c, at) for c in "。！？!?；;\n") if e >= 0]
    return text[start:min(ends, default=len(text))]


def _clauses(text: str) -> list[tuple[int, str]]:
    """``(offset, clause)`` of ``text``: split at commas and colons, then at :data:`_INNER_BOUNDARY`
    and after an act done ("养了一只以后就爱上了狗")."""
    out = []
    for m in _CLAUSE.finditer(text):
        begin = m.start()
        bounds = [b.span() for b in _INNER_BOUNDARY.finditer(m.group())] + [
            b.span("b") for b in _AFTER_DONE.finditer(m.group()) if b.start() >= 2]
        bounds = [b for b in bounds if not (b[0] == b[1] and _PLANNED_ACT.search(m.group()[:b[0]]))]
        for b_start, b_end in sorted(bounds):
            if b_start > 0:
                out.append((begin, text[begin:m.start() + b_start]))
                begin = m.start() + b_end
        out.append((begin, text[begin:m.end()]))
    return out


# -- private data -----------------------------------------------------------------------------

def _sensitive(text: str, lead: int) -> tuple[list[Draft], str]:
    """Value-free hints for private data in ``text``, and the text with those values blanked."""
    drafts: list[Draft] = []
    spans: list[tuple[int, int]] = []
    for m in _MARKER.finditer(text):
        kind = m["kind"]
        drafts.append(_hint(kind, "", lead + m.start(), lead + m.end()))
        spans.append(m.span())
    for f in sensitive.find_sensitive(text):
        if not any(s <= f.start < e for s, e in spans):
            drafts.append(_hint(f.kind, text[f.start:f.end], lead + f.start, lead + f.end))
            # "我怀疑自己有点颈椎病": a diagnosis only suspected stays uncertain (its own clause only)
            before = re.split(r"[，,。；;！!？?]", text[:f.start])[-1]
            whose = named_subject(before) if f.kind == "health" else None
            if whose is not None:  # "我爸确诊了高血压": a relative's health, kept as the English rules keep it
                drafts[-1].subject, drafts[-1].subject_zh = whose
            confirmed_after = re.search(r"(?<![没未不])(?:确诊|证实|确认|确定)(?:了|为|是)", text[f.end:])  # "之前怀疑是胃炎，胃镜做完确诊了"
            if f.kind == "health" and not re.search(r"确诊|诊断|查出|检查出", before) and not confirmed_after:
                drafts[-1].hedge = "strong" if STRONG_HEDGES.search(before) else "mild" if (
                    MILD_HEDGES.search(before) or re.search(r"(?:感觉|觉得)(?:自己|我|有点|有些)", before)) else None
            spans.append((f.start, f.end))
    for s, e in sorted(spans, reverse=True):
        text = text[:s] + text[e:]
    return drafts, text


def _hint(kind: str, value: str, start: int, end: int) -> Draft:
    predicate = _SENSITIVE_PREDICATES.get(kind, kind)
    return Draft(predicate=predicate, object=value or f"[redacted:{kind}]", sensitive_kind=kind, span=(start, end))


# -- one clause's drafts: tasks, plans, events --------------------------------------------------

_PLAN_SLOTS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"^(?:搬家|搬)(?:到|去|回|来)(?P<o>.+)$"), "planned_lives_in"),
    (re.compile(r"^(?:去|到|进|加入|入职|跳槽到|跳槽去|换到|转到)(?:一家|家)?(?P<o>.+?)(?:工作|上班|入职|任职|实习|报到)(?:了)?$"), "planned_works_at"),
    (re.compile(r"^(?:跳槽|入职|加入)(?:到|去)?(?P<o>.+)$"), "planned_works_at"),
]


#: A plan said as one of the past ("本来打算", "之前想"), a wish of the moment after a bare 想, and the
#: markers that make a plan firm whatever follows.
#: A duty one reminds oneself of ("回头要记得去物业交停车费"): a task, not a plan.
_REMINDER = re.compile(r"记得|别忘了?|记着")
#: A clause that says what a task is needed for ("护照得续了，下个月出国要用"): its reason, no plan.
_NEEDED_FOR = re.compile(r"(?:要|得|会|需要|还要)用(?:到|得上|得着|的)?$")
#: An outing already arranged ("约了闺蜜", "订了票"): its 了 is the booking, the outing is still to come.
_ARRANGED = re.compile(r"^(?:约了|订了|定了|报了名|报了|买了票|买好了票|约好了)")
_TRIP = re.compile(r"(?<![过回])去(?!年|过|世)[^，,]{2,}|回(?:趟|一趟)?[^，,]{2,}|飞(?:去|到)")
_GIVEN_UP_PLAN = re.compile(r"(?:本来|原本|原来|原先|之前|以前|曾经|当初)(?:是|也|还)?(?:打算|计划|准备|想)")
_MOMENTARY = re.compile(r"(?:睡|休息|歇|静静|静一静|哭|笑|躺|回家|上厕所|发呆|摸鱼|下班|放假|出去走走|喘口气|吃点|喝点|吃个|喝杯|吃饭|"
                        r"玩一会|一个人待着|安静|透透气)")
_FIRM_PLAN = re.compile(r"打算|计划|准备|决定|预计|安排|争取")


_TRIP_TO = re.compile(r"^(?:飞(?:去|到|往)?|去|回|到)(?:趟|一趟)?(?P<to>[^，,了过]{2,12})$")


def _trip_to_place(core: str) -> bool:
    """ "后天飞巴黎" / "下周一回老家": going to a named place (a city, a country, home) on a coming day
    is a trip planned; "明天去医院复查" (a place in town, an errand) stays a task."""
    m = _TRIP_TO.match(core.strip())
    if m is None:
        return False
    words = tagged_words(m["to"])
    return bool(words) and (words[0][1] == "ns" or is_place(words[0][0]) or words[0][0] == "老家")


def _an_act(phrase: str) -> bool:
    """ "挤地铁" / "天天陪客户喝酒" / "每天早起送孩子": a verb and its object, or an act said with how often,
    by jieba's tags (not a tool's name: "微信", "钉钉", "Windows")."""
    words = tagged_words(phrase)
    if not words:
        return False
    if re.fullmatch(r"天天|每天|每晚|每周|每次|再|总|老是?|经常", words[0][0]):
        return True
    return words[0][1] == "v" and len(words) > 1 and words[1][1].startswith("n") and len(words[0][0]) == 1


def _needless(c: ReadClause) -> bool:
    """ "终于不用天天挤地铁了" / "不用带伞了": 不用 before an act, one the user need not do (not "我不用微信了")."""
    m = re.search(r"不用(?P<act>[^，,。！!]+?)(?:了|啦)?$", c.text)
    return m is not None and _an_act(m["act"].strip())


def _classify(c: ReadClause, found: list[Draft], reference: datetime, job_context: bool) -> list[Draft]:
    """Turn a clause's reading into a task or plan where its time and modals say so."""
    found = [d for d in found if not _NEEDED_FOR.fullmatch(d.object)]  # "下个月入职要用": a reason, no employer
    if _needless(c):
        found = []  # "终于不用天天挤地铁了" / "不用带伞了": an act one needn't do, no act ended, no thing used
    elif re.search(r"不用", c.text):  # "终于不用天天陪客户喝酒" / "再也不用挤地铁了": needn't do, no thing used
        found = [d for d in found if not (d.predicate == "uses" and _an_act(d.object))]
    if found and c.times and all("event" in d.flags for d in found) and all(
            s.start is not None and s.start > reference for s in c.times):
        found = []  # "本周五要参加一个面试": an event to come is a task or a plan
    if found and all(d.predicate == "current_project" for d in found) and (any(
            re.fullmatch(r"这(?:几|两)天|这些天|前几天|这两周|这几周|这周|本周|今天|今晚", s.text) for s in c.times)
            or (re.search(r"忙着|在忙|忙于|赶着|在赶", c.text) and c.times)):
        found = []  # "我这几天在写开题报告" / "最近在忙着写论文": work one is busy with is a task
    if "errand" in c.flags and found and all(d.predicate == "visited" for d in found):
        found = []  # "得抽空去医院复查一下": a place to go to on an errand is a task, no outing
    short = next((s for s in c.times if task_period(s, reference)), None)
    if short is not None and found and all(d.predicate == "visited" for d in found) and (c.flags & {"will", "task"} or (
            short.start is not None and short.start > reference and not re.search(r"[了过]", c.core))):
        found = []  # "今天下午要去幼儿园接女儿" (said that evening) / "明天去车管所换证": a place to go to then is an errand
    if short is not None and short.start is not None and short.start > reference and (any(
            d.flags & {"move", "change"} for d in found) or (
            not found and "errand" not in c.flags and _trip_to_place(c.core))):
        short = None  # "我月底搬去深圳" / "后天飞巴黎": a move or a trip to come is a plan
    if short is None and "deadline" in c.flags:  # "下周一前要把合同签了": a task due then
        short = next((s for s in c.times if s.kind is TimeKind.point and s.start is not None and s.end is not None
                      and reference < s.end <= reference + timedelta(days=31)), None)
    future = [s for s in c.times if s.start is not None and s.start > reference and s is not short]
    if future and found and any("left" in d.flags for d in found) and all(
            (d.operation is Operation.end and "left" in d.flags) or d.predicate == "employment_status" for d in found) \
            and len(clean(c.core)) >= 2:
        return [Draft(predicate="plans_to", object=clean(c.core), flags={"plan"}, plan_time=future[0].start)]  # "年底我就辞职了"
    if c.flags & {"plan", "will"} and found and all(d.operation is Operation.end and "left" in d.flags for d in found) \
            and not re.search(r"[了过]", c.core) and len(clean(c.core)) >= 2:
        return [Draft(predicate="plans_to", object=clean(c.core), flags={"plan"})]  # "我在考虑辞职": weighed, not done
    slot = any(regex.match(clean(c.core)) for regex, _ in _PLAN_SLOTS)
    if "plan" in c.flags and "ended" in c.flags and any(s.start is not None and s.start > reference for s in c.times):
        c.flags.discard("ended")  # "我寻思着下个月把烟戒了": a stop to come is a plan
        found = []
    if "plan" in c.flags and _GIVEN_UP_PLAN.search(c.text):
        return []  # "我本来打算去成都的": a plan of the past, not one now
    if "plan" in c.flags and not future and not _FIRM_PLAN.search(c.text) and _MOMENTARY.match(clean(c.core)):
        return found  # "我想睡觉" / "我想静静": a wish of the moment, no plan
    planning = ("plan" in c.flags or ("will" in c.flags and not _REMINDER.search(c.text) and (future or c.hedge or slot or ("later" in c.flags and "errand" not in c.flags)))) or (
        future and (not found or any(d.flags & {"move", "change", "motion"} for d in found)) and "ended" not in c.flags
        and short is None)
    if not planning and not future and c.hedge == "strong" and not re.search(r"[了过]", c.text) and _TRIP.search(c.core):
        future = [s for s in c.times if s.end is not None and s.end > reference and s.kind is TimeKind.point]
        planning = bool(future)  # "这个暑假可能去趟云南", said in July: a trip still to come in the period under way
    if not planning and not found and not c.times and c.hedge == "strong" and c.subject == "user" \
            and not re.search(r"[了过的]", c.text) and re.match(r"^去(?:考|读|学|报|参加|申请|做|当)[^，,]{1,10}$", c.core):
        planning = True  # "有可能去考研": an undertaking maybe to come, no day named
    found = [d if not ("needs_job_context" in d.flags and not job_context) else Draft(  # "不是在北大": still a denial
        predicate=None, object=d.object, negated=True, flags={"bare"}) for d in found
        if d.negated or not ("needs_job_context" in d.flags and not job_context)]
    if job_context and not _OUTING.search(c.text):  # "我们公司去莫干山团建了" is an outing, not a job
        for d in list(found):
            if d.predicate == "visited":
                d.predicate, d.memory_type, d.flags = "works_at", None, d.flags | {"change"}
                d.object, role = employer_and_role(d.object)  # "去了一家培训机构当老师": the role said after
                if role:
                    found.append(Draft(predicate="job_title", object=role))
    core = c.core
    if planning and "ended" not in c.flags and not any(d.negated for d in found):
        phrase = clean(re.sub(r"(?<=..)(?:几|一两|两三|三四|三五)(?:天|晚|周|个星期)$", "", core))  # "去新加坡玩几天": how long
        phrase = re.sub(r"^[^，,我]{1,6}?(?:派|安排|让|叫)我(?=.{2})", "", phrase)  # "公司派我去深圳出差": the user's errand
        if not phrase or len(phrase) < 2 or re.match(r"(?:问|请教|咨询|了解|知道|聊聊|确认一下|了|过|着|不知道|不清楚|没想好|还没)", phrase) \
                or re.fullmatch(r"(?:出发|动身|启程|走|过去|回来|开始)", phrase) \
                or re.fullmatch(r"(?:到时候?)?再?(?:说|聊|议|讲|看看?|商量)", phrase) \
                or re.search(r"(?:到期|过期)$", phrase) \
                or not is_value(phrase) \
                or re.fullmatch(r"(?:不|没|并不)?(?:是|有|在|对)", phrase) \
                or WEATHER.search(phrase) \
                or _NEEDED_FOR.search(phrase):  # "是下周三不是下周二" / "可能要下雨了": no act named
            return found  # "我想问一下…": a question to come, not a plan; "下个月出国要用": why a task is due
        for regex, predicate in _PLAN_SLOTS:
            m = regex.match(phrase)
            if m:
                o = clean(m["o"])
                if predicate == "planned_lives_in":
                    o = re.sub(r"(?<=..)(?:来|去|住)$", "", o)  # "搬到上海去"
                if o and not re.search(r"(?:找|换|找一?份|找一?个|换一?份)$", o) and not re.match(r"(?:要|得|会|能|需要|可以)", o):
                    # "去深圳找工作" is no employer, "入职要用" names none
                    return [Draft(predicate=predicate, object=o, flags={"plan"},
                                  plan_time=future[0].start if future else None)]
        if found and all(d.predicate == "has" for d in found):
            return [Draft(predicate="plans_to", object=phrase, flags={"plan"},  # "我想养只猫": not had yet
                          plan_time=future[0].start if future else None)]
        if found and not any(d.flags & {"event", "move", "motion", "change"} for d in found) and not future:
            return found  # "我想喜欢…" is rare; a plain fact with a modal stays a fact
        if re.match(r"^(?:一个|一份|一些|一点|个|份|些|点|一款|一篇|一段)", core.strip()) or DEICTIC.match(core.strip()):
            return found  # "我想要一个 Python 脚本": a thing asked for, not a plan
        return [Draft(predicate="plans_to", object=phrase, flags={"plan"},
                      plan_time=future[0].start if future else None)]
    going = short is not None and short.end is not None and short.end > reference and not re.search(r"[了过]", core) \
        and re.match(r"^(?:去|回)(?:趟|一趟)?[^，,]{2,}(?:[办取拿交换寄接送看修买还签补开查复约])", core)  # "明天去车管所换证"
    # "后天去字节面试" / "这周六约了闺蜜去环球影城": an outing on a day to come, said without a modal
    outing = short is not None and short.start is not None and short.start.date() > reference.date() \
        and re.match(r"^(?:去|回|带|陪|约|跟|和|参加|赴)", core) and not re.search(r"[了过]", _ARRANGED.sub("", core))
    # "明天把周报发给组长" / "todo：周五前把 PR 合了": work with 把 and a result, on a day to come
    handled = short is not None and short.start is not None and short.start > reference and bool(re.match(r"^把[^，,]{2,}", core))
    task_words = going or outing or handled or c.flags & {"task", "will", "progressive", "plan", "deadline"} or re.match(r"^(?:在|正在)?(?:准备|忙|赶)", core) or re.match(
        r"^有(?:个|一个|场|一场|件|一件|堆|一堆|节|一节)(?:[^，,]{1,12}(?:要|得|需要)|[^，,]{0,8}(?:会|会议|面试|约|考试|课|讲座|饭局|聚会|电话|手术|复查|航班|活动))",
        core)  # "有个客户电话要接" / "今晚八点有个线上会议"
    recent = any(s.kind in (TimeKind.vague, TimeKind.present) for s in c.times)
    done = bool(re.search(r"了$", c.text.rstrip("。！!～~… ")) or (  # "我家猫今天又把花瓶打碎了"
        _DONE_ACT.search(core) and c.times and all(s.end is not None and s.end <= reference for s in c.times))) \
        and not task_words  # "今天早上跑了个10公里": done already, no task
    if re.search(r"一会儿?就|一下就", c.text):
        return found  # "我玩一会儿就睡": two acts of the moment, no task
    if not found and "ended" not in c.flags and "past" not in c.flags and not done and (
            (short is not None and (task_words or c.explicit_subject)) or (recent and task_words) or "errand" in c.flags):
        phrase = clean(core)
        if len(phrase) >= 2 and not re.match(r"^(?:是|有(?!个|一个|场|一场|件|一件|堆|一堆)|天气|很|太|真|心情|感觉|状态|身体|精神|挺|还行|不错|累|困)", phrase) \
                and not re.search(r"(?:这|那)(?:个|些|事|件事)$", phrase):  # "都在忙这个": the work named before
            span = short or next((s for s in c.times if s.kind in (TimeKind.vague, TimeKind.present)), None)
            flags = {"task", "when:" + span.text} if span is not None else {"task"}
            if short is not None and short.start is not None and short.end is not None and \
                    short.start.date() > reference.date() and short.end - short.start <= timedelta(days=1):
                flags.add("day:" + short.start.date().isoformat())  # "这周六要…": the day itself, not a word that moves
            return [Draft(predicate="has_task", object=phrase, memory_type=MemoryType.task,
                          task_until=short.end if short is not None else None, flags=flags)]
    return found


def _apply_flags(d: Draft, c: ReadClause, reference: datetime) -> None:
    if d.sensitive_kind:
        return
    d.hedge = c.hedge if d.operation is not Operation.forget else None
    if "now" in c.flags:
        d.flags.add("now")
    d.confirmed = "confirmed" in c.flags and d.hedge is None
    if "ended" in c.flags and d.operation is Operation.add and d.predicate not in ("has_task", "plans_to") \
            and not d.negated:
        d.operation = Operation.end
    if "past" in c.flags and d.operation is Operation.add and not (d.flags & {"event", "plan", "task", "worked"}) \
            and d.predicate not in ("relationship_status", "age") and (not c.times or "still" in c.flags) \
            and not ("said_before" in c.flags and d.hedge):  # "之前说可能对虾过敏": a guess said before, no past state
        d.flags.add("past")
    if "correct" in c.flags:
        d.flags.add("correct")
    for span in c.times:
        if d.predicate in ("has_task", "plans_to", "birthday") or (d.predicate and d.predicate.startswith("planned_")):
            continue
        if span.kind is TimeKind.point and span.start is not None:
            if d.operation is Operation.end:
                d.valid_until = span.start if span.start <= reference else None
            elif span.start <= reference:
                d.valid_from = span.start
        elif span.kind is TimeKind.since and span.start is not None:
            d.valid_from = span.start
        elif span.kind is TimeKind.vague and span.start is not None and d.operation is Operation.add \
                and d.memory_type is not MemoryType.task:
            d.valid_from = d.valid_from or span.start
        elif span.kind is TimeKind.present and d.operation is Operation.add:
            d.valid_from = d.valid_from or reference


# -- combining a sentence's clauses -----------------------------------------------------------

def _slot(a: Draft, b: Draft) -> bool:
    def group(p: str | None) -> str:
        p = p or ""
        return "preference" if p in ("likes", "style_preference") or p.startswith("preferred_") else p
    return a.subject == b.subject and group(a.predicate) == group(b.predicate)


_SLOT_WORDS = [(re.compile(r"公司|单位|东家"), "works_at"), (re.compile(r"职业|工作是|岗位"), "job_title"),
               (re.compile(r"学校|大学|母校|院校"), "studies_at"),
               (re.compile(r"城市|住的地方|住址"), "lives_in"), (re.compile(r"年龄|岁数|年纪"), "age"),
               (re.compile(r"(?<!住在)(?<!回)老家|家乡|籍贯|祖籍"), "hometown"), (re.compile(r"专业"), "studies"),
               (re.compile(r"体重"), "weighs"), (re.compile(r"身高|个子"), "height")]


def _guess_slot(value: str, said: str = "") -> str | None:
    """The slot a bare corrected value belongs to when no clause named it: the slot the sentence names
    ("我刚才说的公司不对，应该是网易"), else a place, an OS, a tool, an age."""
    named = next((slot for words, slot in _SLOT_WORDS if words.search(said)), None)
    if named is not None:
        return named
    if re.fullmatch(r"\d{1,3}岁?", value):
        return "age"
    if _OS_NAME.fullmatch(value):
        return "uses_os"
    if PHONE_MAKES.fullmatch(value):
        return "uses"  # "不是华为，是小米": a phone
    if is_place(value):
        return "lives_in"
    if re.fullmatch(r"[A-Za-z][A-Za-z0-9+#. -]*", value):
        return "uses"
    return None


def _fill_object(old: str, new: str) -> str:
    """ "安卓 App" corrected by "iOS" -> "iOS App", "两只猫" by "三只" -> "三只猫": keep the head noun the
    new value lacks."""
    counted = re.fullmatch(rf"(?:{NUMBER})(?P<m>[只个条台辆套本位头匹])(?P<n>.+)", old)
    if counted and re.fullmatch(rf"(?:{NUMBER}){counted['m']}", new):
        return new + counted["n"]
    words = old.split()
    if len(words) > 1 and " " not in new and re.fullmatch(r"[A-Za-z0-9.+#-]+", new):
        return " ".join([new, *words[1:]])
    return new


def _combine(clauses: list[tuple[ReadClause, list[Draft]]], told: Sequence[Draft] = ()) -> list[Draft]:
    """The drafts of a sentence's clauses, combined; ``told``: what the sentences before it said."""
    out: list[Draft] = []
    any_correct = any("correct" in c.flags for c, _ in clauses)
    compared: Draft | None = None
    sentence = "".join(c.text for c, _ in clauses)
    for _clause, found in clauses:
        for d in found:
            if any_correct and not _clause.explicit_subject and d.predicate and not d.negated and d.subject == "user":
                same = next((p for p in reversed(told) if p.predicate == d.predicate and p.object and p.object != d.object
                             and p.operation is Operation.add), None)
                if same is not None:  # "我女儿在读初二。" then "不对，是初三。": the same person's value corrected
                    d.subject, d.subject_zh, d.replaces = same.subject, same.subject_zh, d.replaces or same.object
            if "compared" in d.flags:
                compared = d
                continue
            if compared is not None and "now" in d.flags and d.operation is Operation.add and not d.replaces and (
                    d.predicate in ("likes", "style_preference") or (d.predicate or "").startswith("preferred_")):
                d.replaces = compared.object  # "比起咖啡，我现在更喜欢喝茶": the liking has moved on
            if d.negated and out and not out[-1].negated and out[-1].predicate and (
                    "bare" in d.flags or _slot(out[-1], d) or ("denial" in d.flags and out[-1].subject == d.subject)) \
                    and out[-1].operation in (Operation.add, Operation.correct):
                # "我在网易工作，不是在阿里" / "我是产品经理，不是项目经理": the value before is the right one
                target = out[-1]  # ("…，不是我弟": the person denied is no value replaced)
                target.operation, target.replaces = Operation.correct, None if re.match(r"^(?:我|他|她)", d.object) else d.object
                continue
            denied = next((p for p in reversed(out) if p.negated and (
                d.predicate is None or p.predicate is None or _slot(p, d) or "bare" in p.flags)), None)
            if denied is None and "bare" in d.flags and d.predicate == "lives_in" and not d.negated:
                other = next((p for p in reversed(out) if p.negated and p.subject == d.subject and p.predicate), None)
                if other is not None:  # "我女儿不在上海读书，她在南京": the place is of the slot denied
                    d, denied = replace(d, predicate=other.predicate), other
            if d.predicate is None and d.negated:  # "不是上海，我住在苏州": a denial the next value corrects
                out.append(d)
                continue
            if d.predicate is None:  # "是 iOS" after "不是在做安卓 App"
                if denied is None or denied.predicate is None:
                    earlier = next((p for p in reversed(out) if p.predicate and p.object and (
                        "past" in p.flags or p.operation is Operation.end)), None)
                    if earlier is None:
                        guessed = _guess_slot(d.object, "".join(c.text for c, _ in clauses)) \
                            if any_correct or (denied is not None and not d.negated) else None
                        earlier_values = [p for p in reversed(told) if p.predicate and p.object and p.operation is Operation.add
                                          and not p.sensitive_kind and p.object != d.object] if any_correct else []
                        before = next((p for p in earlier_values if p.object in sentence), earlier_values[0] if earlier_values else None)
                        # "你是在无锡上班对吧？" then "不对，是常州": a value whose slot only its kind guessed is
                        # of the slot said last when that value is of the same kind (a place of work, no home)
                        alike = before is not None and guessed is not None and before.predicate != guessed \
                            and _guess_slot(before.object) == guessed and _guess_slot("", sentence) is None
                        if (guessed is None or alike) and before is not None and not d.negated:
                            # "我在美团上班。" then "说错了，是滴滴。": the value said last is the one corrected
                            d = replace(d, predicate=before.predicate, operation=Operation.correct, replaces=before.object,
                                        flags=d.flags | ({"slot_named"} if "asked" in before.flags else set()))
                            d.subject, d.subject_zh = before.subject, before.subject_zh
                            out.append(d)
                            continue
                        if guessed is None:
                            continue
                        d = replace(d, predicate=guessed)  # "应该是Python，不是Java": the value names its slot
                        if before is not None and before.predicate == guessed and denied is None:
                            d.replaces = before.object  # "我住在苏州。" then "不对，是杭州。"
                        if guessed == "age" and to_int(d.object.removesuffix("岁")) is not None:
                            d.object = str(to_int(d.object.removesuffix("岁")))
                        if denied is not None and not d.negated:  # "我老家不是湖南，是江西": the value denied is replaced
                            out.remove(denied)
                            d.operation, d.replaces = Operation.correct, denied.object
                        out.append(d)
                        continue
                    d = replace(d, predicate=earlier.predicate)  # "以前最喜欢红色，现在是绿色"
                    if earlier.operation is Operation.end and "past" not in earlier.flags:
                        out.append(d)  # "我不用 Windows 了，换成 Mac 了": the ending said stays beside the new value
                        continue
                else:
                    d = replace(d, predicate=denied.predicate, object=_fill_object(denied.object, d.object))
            if "bare_like" in d.flags:
                said = next((p for p in reversed(out) if p.predicate in ("likes", "dislikes") and p.object), None)
                if said is None:
                    continue
                if said.predicate == "dislikes":  # "以前讨厌香菜，现在反而喜欢了"
                    said.operation, said.flags = Operation.end, said.flags - {"past"}
                d = replace(d, object=said.object, flags=d.flags - {"needs_object", "bare_like"})
            if d.negated and d.flags & {"bare"} and not out:
                out.append(d)
                continue
            if denied is not None and not d.negated and d.operation is Operation.add:
                out.remove(denied)
                d.operation, d.replaces = Operation.correct, denied.object
                out.append(d)
                continue
            unnamed = next((p for p in out if p.operation is Operation.end and "needs_object" in p.flags
                            and not p.object and p.predicate == d.predicate), None)
            if unnamed is not None and d.operation is Operation.add:
                out.remove(unnamed)  # "我下岗了，现在在一家创业公司上班": the new value says it
            if d.operation is Operation.end and d.object:
                out = [p for p in out if not (p.operation is Operation.end and "needs_object" in p.flags
                                              and not p.object and p.predicate == d.predicate)]
            if d.operation is Operation.end and "needs_object" in d.flags:
                ended = next((p for p in reversed(out) if p.predicate == d.predicate and p.object), None)
                if ended is not None:
                    out.remove(ended)
                    out.append(replace(ended, operation=Operation.end, flags=ended.flags - {"past"}))
                    continue
            if "bare" in d.flags and d.predicate == "lives_in" and d.operation is Operation.add and not d.negated:
                past = next((p for p in reversed(out) if p.subject == d.subject and "past" in p.flags and p.object
                             and p.predicate in ("works_at", "studies_at") and is_place(p.object)), None)
                if past is not None:  # "以前我在南京上班，现在在苏州": the place now is of the slot said before
                    d = replace(d, predicate=past.predicate)
            previous = next((p for p in reversed(out) if _slot(p, d) and p is not d and (
                p.operation is Operation.end or "past" in p.flags) and p.object and p.object != d.object), None)
            if previous is not None and d.operation is Operation.add and not d.negated and \
                    previous.operation is Operation.end and (previous.predicate != d.predicate or "given_back" in previous.flags):
                out.append(d)  # "对咖啡的兴趣没了，改喝茶" / "租的公寓退了，搬回家住": the ending said stays beside the new value
                continue
            if previous is not None and d.operation is Operation.add and not d.negated:
                out.remove(previous)
                d.replaces = d.replaces or previous.object
                out.append(d)
                continue
            home = next((f.partition(":")[2] for p in out for f in p.flags if f.startswith("home_at:")), None)
            if "moved_in" in d.flags and home:  # "在滨江买了套房子，上个月搬进去了"
                out.append(replace(d, object=home, flags=d.flags - {"needs_object", "moved_in"}))
                continue
            if "needs_object" in d.flags and d.operation is Operation.add:
                continue  # "换工作了": the next clause names the employer
            newer = next((p for p in reversed(out) if _slot(p, d) and p.predicate == d.predicate and p.object
                          and p.operation is Operation.add and not p.negated and not p.replaces and p.object != d.object
                          and "past" not in p.flags), None)
            if newer is not None and "past" in d.flags and d.operation is Operation.add and not d.negated:
                newer.replaces = d.object  # "我搬来西安了，以前一直在兰州": the old value said after the new
                continue
            out.append(d)
    final = []
    for d in out:
        if d.predicate == "age" and d.replaces and to_int(d.replaces.removesuffix("岁")) is not None:
            d.replaces = str(to_int(d.replaces.removesuffix("岁")))  # "31，不是三十": the age replaced, as a number
        if d.negated and "bare" in d.flags and d.predicate is None:
            continue
        if "past" in d.flags and d.operation is Operation.add:
            d.operation = Operation.end  # "以前喜欢猫": used to
        if any_correct and d.operation is Operation.add and not d.negated and d.predicate not in (
                "has_task", "plans_to") and not d.sensitive_kind:
            d.operation = Operation.correct
        final.append(d)
    liked = [d.object for d in final if d.predicate in ("likes", "preferred_drink") and d.operation is not Operation.end and d.object]
    for d in final:  # "以前讨厌香菜，现在爱吃": the not-liking said before ends, as "no longer hate" does in English
        if d.predicate == "dislikes" and d.operation is Operation.end and d.object and any(
                d.object in o or o in d.object for o in liked):  # the same thing only ("…，我喜欢猫" ends no other dislike)
            d.negated = True
    # "太甜了，不喜欢": a liking with nothing named is no fact
    return [d for d in final if d.predicate and (d.object or d.predicate not in ("likes", "dislikes"))]


def _relatives(clauses: list[tuple[ReadClause, list[Draft]]], lead: int, length: int) -> list[Draft]:
    """ "我同事小王…" -> has_colleague 小王. A partner named ("我老公在电网上班") is the subject of the
    statement, not news of the user's marriage: that is stored only when said (结婚了, 领证了)."""
    out: list[Draft] = []
    for clause, found in clauses:
        if clause.relation is None or not clause.explicit_subject:
            continue
        called = _CALLED.match(clause.core.strip()) if not found and not clause.name else None  # "我妹妹叫小雨，…"
        name = clause.name if found else called["o"] if called and is_value(called["o"]) else None
        if name:
            out.append(Draft(predicate=f"has_{clause.relation}", object=name, object_type=EntityType.person,
                             subject_zh="用户", span=(lead, lead + length)))
    return out


#: A relative's name said as "我妹妹叫小雨" (a surname alone, "姓周", names nobody).
_CALLED = re.compile(r"^(?:的)?(?:名字|大名|全名)?叫(?:做)?(?P<o>[\u4e00-\u9fffA-Za-z]{2,4}|[A-Z][a-z]+)[。！!～~]*$")
