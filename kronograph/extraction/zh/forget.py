"""Chinese forget requests: which sentence asks the memory to forget, and what it names.

"忘掉我的地址" names a field (address), "别记我前任的事" a topic (前任), "把我在腾讯上班那条删了" a fact;
"当我没说" takes back the last message. "忘了告诉你…" (I forgot to tell you) asks nothing.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime

from ...candidates import FORGET_LAST_MESSAGE, Operation
from .everyday import PET_KINDS
from .rules import DEICTIC, RELATIONS, Draft, is_value, read, read_relations

_FORGET_VERB = r"(?:忘掉|忘记|忘了|删掉|删除|删了|删光|删干净|清除掉?|清空|清掉|清光|抹掉|抹去|去掉|移除|删)"
#: Taking something said back, after it: "我住哪的那个，你就当没听过吧"; "住址那条作废" (a record voided,
#: not "那个计划不算了").
_UNSAID = r"当(?:我)?没(?:说|讲|发|提|写)过?|当没(?:听|看)(?:过|见|到)"
#: Verbs that only end a request ("手机号那条抹了吧", "那句划掉"): "抹" opening one is "抹药".
_END_VERB = rf"(?:{_FORGET_VERB}|抹|(?<=[条录息话])清(?=一下|下|了|吧|$)|划掉|勾掉|撤回|撤销)"
#: Asking that a thing not be kept, said after it: "…，请不要保存", "…，别记了".
_KEEP_NOT = r"(?:别|不要|不用|甭)再?(?:记录?|存|保存|保留)(?:下来|住|着)?"
_VOID = rf"作废|不算数?|不作数|{_UNSAID}"
_FORGET = re.compile(rf"^(?:请|麻烦你?|你|帮我|请你|那就|还是|能不能|可以|要|能|帮忙|以后|今后|往后|从现在起|从今往后|也)*\s*(?:{_FORGET_VERB}|别再?记住?|不要再?记住?|"
                     rf"不用记住?|别保存|不要保存|别存|不要存|别留着?|不要留|我?不(?:想|希望|要)(?:让)?你(?:再)?记(?:住|着|下)?|(?:就)?当(?:作|做)?没(?:听|看)(?:过|见|到)+)"
                     rf"(?:着|得|下来|一下|下)?(?P<rest>.*)$")
# "刚才说的那个手机号，忘了吧": the thing, a comma, the request
_FORGET_TOPIC = re.compile(rf"^(?P<rest>[^，,]+?)[，,]\s*(?:相关的?|有关的?)?(?:[这那](?:条|个|些)(?:记录|信息)?)?(?:麻烦你?|你|请)?(?:能不能|可不可以|能否)?(?:就|都|也|全|统统|全部|全都)?(?:帮我)?(?:把它|把这个)?"
                           rf"(?:{_END_VERB}|{_KEEP_NOT}|{_UNSAID})(?:一下|下)?(?:它|吧|了|掉|哈|啊)*$"
                           # "我说的那些你都删掉吧" / "刚才说的密码删掉": without a comma the thing must be one said
                           rf"|^(?P<said>[^，,]*(?:说|讲|提|告诉你)(?:过)?的[^，,]*?|[^，,]*?(?:记录|信息|资料|数据|[这那]个|[这那]件事|[这那]事|[这那]条(?:记录|信息)?|[这那]些|的事情?|[那这]句话?|的?(?:内容|东西|部分))|我的[^，,]{{1,10}}?|(?:刚才|刚刚|之前|上次|前面)[^，,]{{1,12}}?|[这那]条[^，,]{{2,16}}?|[^，,我你]{{2,8}}?(?=(?:你|请你?)?(?:就|都|也)?(?:帮我|帮忙)))(?:麻烦你?|你|请你?)?(?:就|都|也|全|全都|全部|统统)?(?:帮我|帮忙)?(?:能不能|可不可以|能|可以)?(?:帮我|帮忙)?"
                           rf"(?:{_END_VERB}|别再?记|不要再?记|{_UNSAID})(?:一下|下)?(?:它|吧|了|掉|哈|啊)*$"
                           rf"|^(?P<voided>[^，,]*?(?:[这那]条(?:记录|信息)?|记录|信息|[那这]句话?|(?:说|讲|提|写)(?:过)?的[^，,]*?))"
                           rf"(?:你)?(?:就|都|也|全)?(?:{_VOID})(?:吧|了|掉|哈|啊)*$")
# 忘了/忘记 also mean "I forgot": "忘了告诉你，我搬到杭州了", "忘了密码怎么办？" ask nothing to be forgotten
_FORGOT = re.compile(r"^(?:忘了|忘记了?)(?:(?:告诉|跟|和|给|提|讲|说|问|带|买|交|关|拿|回)|.*(?:怎么办|怎么|咋办|吗|么)[？?]?[。！!]?$|.*[？?]$)")
# "昨天忘了锁门": forgetting to do something is no forget request and no act done
FORGOT_TO = re.compile(r"^(?:又|还|竟然|居然|差点)?(?:忘了|忘记了?)(?=[\u4e00-\u9fff])")
# "别把我的病情记下来"
_FORGET_DONT_BA = re.compile(r"^(?:你|请)?(?:别|不要|不用|甭)(?:再)?把(?P<rest>.+?)(?:记|存|保存|留|记录)(?:住|着|下来|下|进去)?(?:了|啦|吧|哦)*$")
# "我的手机号你别记了" / "我说的地址别存了": the thing first, the request after it
_FORGET_AFTER = re.compile(r"^(?P<rest>.+?)(?:你|您)?(?:就|也|都)?(?:别|不要|不用|甭|无需|不必)(?:再)?"
                           r"(?:记|存|保存|保留|留|记录)(?:住|着|下来|下|得)?(?:了|啦|吧|哦)*$")
_FORGET_BA = re.compile(rf"^(?:请|麻烦你?|你|帮我|请你|那就|能|能不能|可以|可不可以|帮忙)*\s*把(?P<rest>.+?(?:都|全部|全都|统统)?){_END_VERB}(?:一下|下)?(?:吧|了|掉)*$")
_FORGET_TARGETS: list[tuple[re.Pattern[str], str]] = [(re.compile(p), predicate) for p, predicate in [
    (r"所有|一切|全部|所有的?信息|全部信息|全都|统统|^我?(?:刚才|刚刚|之前|以前)?(?:说过?|讲过?|发过?|告诉过?你|跟你说过?)的(?:话|东西|内容|事情?)?(?:那些|这些|都|全部|全)+$|"
     r"^我?(?:刚才|刚刚)(?:说过?|讲过?)的(?:话|东西|内容)?$|记忆", "*"),
    (r"身份证|证件号|护照", "identity_number"),
    (r"银行卡|卡号|信用卡", "card_number"),
    (r"银行账号|账户|账号", "bank_account"),
    (r"密码|验证码|密钥|秘钥|口令", "credential"),
    (r"邮箱|邮件地址|email|E-?mail", "email"),
    (r"手机|电话|座机|号码|联系方式|微信|QQ|qq", "phone"),
    (r"老家|家乡|籍贯|哪里人|哪儿人|出生地", "hometown"),
    (r"地址|住址|门牌|家在哪", "address"),
    (r"生日|出生日期", "birthday"),
    (r"过敏", "allergic_to"),
    (r"吃的药|用药|药物|服药", "takes_medication"),
    (r"病|健康|诊断|病情|病史", "medical_condition"),
    (r"住(?:在)?哪|在哪(?:儿|里)?住|住的地方|哪个城市|所在城市|住处", "lives_in"),
    (r"学校|母校|在哪(?:儿|里|所[^，,]{0,4}?)?(?:上学|读书|念书)", "studies_at"),
    (r"在哪(?:儿|里|家[^，,]{0,4}?)?(?:工作|上班)|公司|单位|雇主|工作信息|(?:工作|上班)的地方|(?:工作|上班)地点", "works_at"),
    (r"职业|工作|职位", "job_title"),
    (r"年龄|多大|几岁", "age"),
    (r"名字|姓名|叫什么", "name"),
    (r"喜欢|爱好|偏好|爱吃|爱喝|口味", "likes"),
    (r"工资|薪水|薪资|收入|月薪|年薪", "quantity_income"),
    (r"存款|积蓄", "quantity_savings"),
    (r"体重", "weighs"),
    (r"身高", "height"),
    (r"信息|资料|数据|情况|^(?:关于|有关)", "*"),  # "我家孩子的信息你都别记了": everything said about it
]]
_FORGET_LABELS = {"*": "全部信息", "identity_number": "身份证号", "card_number": "银行卡号", "bank_account": "银行账号",
                  "credential": "密码", "phone": "手机号", "email": "邮箱", "address": "地址", "birthday": "生日",
                  "allergic_to": "过敏信息", "takes_medication": "用药信息", "medical_condition": "健康信息",
                  "lives_in": "住在哪里", "hometown": "老家", "works_at": "工作单位", "studies_at": "学校", "job_title": "职业", "age": "年龄", "name": "名字",
                  "quantity_income": "收入", "quantity_savings": "存款", "weighs": "体重", "height": "身高"}

#: Taking back the last message: "当我没说", "刚才那句不算", "收回刚才的话", "忽略我刚刚说的".
_JUST_SAID = r"(?:我?(?:刚才|刚刚|刚(?=说|讲|发|打))(?:我)?(?:说|讲|发|打)?的?|上面的?|上一?)(?:那句|这句|那段|这段|那条|这条|句|条)?(?:话|消息|记录)?"
#: A line of the conversation pointed at: "这条", "上一句", "刚发的那条消息" (not "刚才说的", all of it;
#: not "上面那句", which may be the assistant's draft to edit).
_LINE = r"(?:我?(?:刚才|刚刚|刚)(?:我)?(?:说|讲|发|打)?的?)?(?:[这那]一?|上一?)?[条句段](?:话|记录|消息|聊天记录|对话|内容)?"
_TAKE_BACK = re.compile(rf"^(?:{_JUST_SAID}[，,]?)?(?:那|那就|就|你就|你)?当(?:我(?:刚才|刚刚)?)?没(?:说|讲|看见|看到|听见|听到)(?:过)?"
                        rf"(?![^，,。！!吧啊哈了过]{{2}})|"  # "就当没看见我发的身份证号" names what to forget
                        rf"^(?:{_JUST_SAID}|[那这上]一?[条句](?:话|记录|消息)?)(?:你)?(?:就)?(?:不算数?|作废|不作数|撤回|撤销)(?:一下|了)?(?:[，,](?:撤回|作废|删掉))?(?:吧|啊|哈)*$|"
                        rf"^(?:我)?(?:收回|撤回|撤销)(?:{_JUST_SAID})?(?:一下)?(?:吧|啊|哈)*$|"
                        # "删掉这条" / "把上一条删了": the message pointed at
                        rf"^(?:{_FORGET_VERB}){_LINE}(?:吧|了|啊|哈)*$|^把?{_LINE}(?:你)?(?:就)?{_END_VERB}(?:一下)?(?:吧|了|掉|啊|哈)*$|"
                        # "刚才那条别存了" / "那段聊天记录不用保存": the message pointed at, not to be kept
                        rf"^{_LINE}(?:你)?(?:就|也)?(?:别|不要|不用|甭|无需|不必)(?:再)?(?:存|记|保存|保留|留|记录)(?:住|着|下来|下)?(?:了|啦|吧|哦|啊|哈)*$|"
                        rf"^(?:请|麻烦)?(?:你)?忽略(?:掉)?{_JUST_SAID}")
#: What a forget request names around its topic: "关于…的事", "…的信息", "…那些".
_TOPIC_WRAP = re.compile(r"^(?:关于|有关)|(?:的)?(?:相关的?|方面的?)?(?:信息|资料|数据|情况|内容|(?<![同故心家公董理人军民刑])事情?|那些|这些|东西|记录|(?<=[些的])话)+$|(?:都|全部|全都|统统)$|的$")


#: What an edit request deletes ("把这行代码删掉", "删掉第二段"): the text being worked on, no memory.
_EDITED = re.compile(r"^(?:[这那第]|上面|下面|前面|后面|上一|下一|最后)|代码|函数|变量|注释|文件|文档|文章|段落?|句子?|行$|字$|图片?|表格|邮件|消息|草稿|格式|标题|空格|符号")


#: A person's name asked for after the person ("我老板叫啥", "前男友的名字"): the person is the topic.
_NAME_ASKED = re.compile(r"(?:的)?(?:名字|姓名|全名)$|叫(?:啥|什么)(?:名字)?$")
#: Health named as a field, not one condition: "病情", "健康信息".
_HEALTH_IN_GENERAL = re.compile(r"病|病情|病史|疾病|健康(?:状况|情况)?|诊断(?:结果)?|身体(?:状况|情况)?|看病")


#: One Chinese character is a whole word ("猫", "酒", "哥"): a topic of its own, never "everything".
_ONE_CHARACTER_WORD = re.compile(r"^[\u3400-\u9fff]$")


#: A thing left unnamed ("一件事", "某些东西", "任何事"): "你能忘掉一件事吗？" names nothing to forget.
_NOTHING_NAMED = re.compile(r"^(?:一(?:件|个|些|点|段|下)|某|任何|别的|什么|啥)")


def _forget_topic(field: str) -> str:
    """The topic a forget request names when it names no field: "我前任的事" -> "前任"."""
    topic = field.strip(" ，,")
    while True:
        stripped = re.sub(r"^(?:我|咱)(?:的|家的?)?|^(?:和|跟|与)(?=..)|^(?:有|得过|得了|患有|患过|患了)(?=..)", "", _TOPIC_WRAP.sub("", topic)).strip()
        if stripped == topic:
            break
        topic = stripped
    return topic if (len(topic) >= 2 or _ONE_CHARACTER_WORD.match(topic)) and is_value(topic) and not DEICTIC.match(topic) and not _EDITED.search(topic) \
        and not re.search(r"所有|一切|全部|刚才|刚刚|之前|[说讲提]|[吗呢？?，,]|^[吧了啊呀哦嘛]|没事|算了", topic) \
        and not _NOTHING_NAMED.match(topic) else ""


#: What follows a field's word in its name ("身份证号", "护照号码", "工资数字").
_FIELD_TAIL = re.compile(r"[号码数字额]+")


def _label(predicate: str, said: str, start: int, end: int) -> str:
    """What the forget request is said to forget: the user's own word for a field of data ("护照号码",
    "工资"), the field's name where the user asked by a question word ("住哪" -> 住在哪里)."""
    tail = _FIELD_TAIL.match(said, end)
    word = said[start:tail.end() if tail else end]
    if predicate == "*" or predicate not in _FORGET_LABELS or re.search(r"哪|什么|多大|几|喜欢|爱|在", word):
        return _FORGET_LABELS.get(predicate, predicate)
    return word


#: A topic that points at something said to the memory ("我刚才说的…", "那条…", "之前提的…").
_POINTS_AT_SAID = re.compile(r"(?:说|讲|提|聊|告诉你|跟你说)(?:过|到)?的|[那这]条|刚才|刚刚|之前|上次|上回|前面")
#: Things on a device or in an app, which "…，能不能删掉？" asks how to delete: no record of the memory's.
_DEVICE_CONTENT = re.compile(r"聊天记录|照片|相片|图片|视频|历史记录|浏览记录|头像|群|游戏|app|App|APP|软件|应用|文件|截图|短信|通讯录|缓存")


#: "以后别提也别记" / "别再说了，也别存": not bringing a thing up, said before not keeping it.
_NOT_BROUGHT_UP = re.compile(r"(?:以后|今后)?(?:也)?(?:别|不要|不用)(?:再)?(?:提|说|问)(?:起)?了?[，,]?\s*(?:也|更)?(?=(?:别|不要|不用|甭)(?:再)?(?:记|存|保存|留))")
#: Fields named with no comma before the verb: "Netflix 账号和密码都删了吧", "微信密码那些都删掉".
_FIELD_THEN_VERB = re.compile(r"^(?P<x>[^，,把]{2,16}?)(?:那些|这些)?(?:都|也|全|全都|全部)?(?=" + _END_VERB + r"(?:一下|下)?(?:了?吧|掉)$)")


def _request(body: str) -> re.Match[str] | None:
    return _FORGET_BA.match(body) or _FORGET.match(body) or _FORGET_AFTER.match(body) or _FORGET_DONT_BA.match(body) \
        or _FORGET_TOPIC.match(body)


def forget_request(text: str, lead: int, reference: datetime) -> list[Draft] | None:
    """The forget request ``text`` makes (``lead``: where it starts in its turn), or None when it makes none."""
    # "帮我删掉好吗？" asks for it; "你把所有都删了吗？" asks whether it happened: not a request.
    body = re.sub(r"(?:好吗|好不好|行吗|可以吗|行不行|(?<!了)吗|(?<!了)么)?[？?]*$", "", text.strip().rstrip("。！!～~"))
    body = re.sub(r"^(?:算了|好吧|那个|嗯+|哦+|对了|还有|另外|那(?![条句]))[，,\s]*", "", body)  # "算了，刚才说的都不用记了"
    if re.search(r"(?:怎么|为什么|为啥|咋)[^，,]*了$", body) and re.search(r"[？?]\s*$", text):
        return None  # "我怎么把聊天记录删了？": a question about what happened, no request
    if re.search(r"了[吗么]$", body):
        if not re.match(r"^(?:你|请)?(?:能|能不能|可以|可不可以|帮我|麻烦)", body):
            return None
        body = body[:-1]  # "你能把我的生日删了吗？" asks for it
    if _TAKE_BACK.match(body):
        return [Draft(predicate=FORGET_LAST_MESSAGE, object="", operation=Operation.forget, span=(lead, lead + len(text.strip())),
                      flags={"forget_label:刚才说的话"})]
    # "…，删了就行" / "…，麻烦从记录里抹掉": politeness and where from are no part of what is named
    body = re.sub(r"[，,]\s*(?:直接)?(?:删了|删掉|清掉|去掉)?就(?:行|好|可以)了?$", "，删掉", body)
    # "…，谢谢" / "…，不想留记录": thanks and the reason are no part of what is named
    body = re.sub(r"(?:[，,]\s*(?:谢谢|多谢|感谢|谢啦|thanks?|thx)[啦了你]*|[，,]\s*(?:我)?不(?:想|希望|愿意)(?:被|让你|你)?(?:再)?"
                  r"(?:留|记|存|保存|保留)[^，,]*)$", "", body, flags=re.I)
    body = re.sub(r"(?<=[，,])\s*(?:麻烦你?|请你?)?(?:帮我)?从[^，,]{0,8}?(?:里面|里|中)(?=" + _FORGET_VERB + ")", "", body)
    # "我前任的事都从记忆里删了": where from, said before the verb, names nothing
    body = re.sub(r"从(?:你的?)?(?:记忆|记录|脑子|数据库|内存|资料)(?:里面|里|中)?(?=(?:帮我)?" + _FORGET_VERB + ")", "", body)
    body = _NOT_BROUGHT_UP.sub("", body)
    field_first = _FIELD_THEN_VERB.match(body)
    if field_first and any(regex.search(field_first["x"][-4:]) for regex, p in _FORGET_TARGETS[1:] if p != "*"):
        body = field_first["x"] + "，" + body[field_first.end("x"):]  # "Netflix 账号和密码都删了吧": fields named, then the verb
    m = _request(body)
    while m is None and re.search(r"[，,][^，,]+$", body) and re.search(r"[，,]", body[:-1]):
        body = re.sub(r"[，,][^，,]+$", "", body)  # "我的生日你别记了，不想过": the reason after it names nothing
        # only a request said as one ("别…", "…吧", "帮我…"): "聊天记录清空了，找不到了" tells what happened
        m = _request(body) if re.search(r"^把|别|不要|不用|甭|吧|帮我|请|麻烦|忘掉|当没|一下|^[^，,]+?[这那][条个](?:记录|信息)?(?:也|都)?" + _END_VERB, body) else None
    if m is None or _FORGOT.match(text.strip()) or (m.re is _FORGET and m["rest"].startswith("的")):
        return None  # "删了的照片还能恢复吗": what was deleted, no request
    said = m["rest"] if m["rest"] is not None else m["said"] if m["said"] is not None else m["voided"]
    said = re.sub(r"[，,]\s*(?:请你?|麻烦你?|你|就|也)*$", "", said)  # "…的事，请不要保存": the ask's lead names nothing
    if m.re is _FORGET_TOPIC and re.search(r"能不能|可不可以|能否", m.group(0)) and not _POINTS_AT_SAID.search(said) and (
            _DEVICE_CONTENT.search(said) or not said.startswith("我")):
        return None  # "微信里的聊天记录，能不能删掉？": asking about an app or a device, no record of the user's
    rest = re.sub(r"(?:吧|了|掉|哦|啊)+$", "", said.strip(" ，,")).strip()
    whole = re.sub(r"(?:都|全部|全都|统统)$", "", rest)
    # "所有的都" / "我前男友的事全部": "all" of everything said, or all of a topic named before it
    rest = whole if re.search(r"所有|一切", rest) or (whole != rest and _forget_topic(whole)) else rest
    rest = re.sub(r"(?:[这那]件事|[这那]事|的事情?|的?[这那]个|[这那]条(?:记录|信息)?|的?(?:那些|这些)?记录|这些|[那这]句话?)$", "", rest)
    rest = re.sub(r"从(?:你的?)?(?:记忆|记录|脑子|数据库|内存|资料)(?:里面|里|中)?$", "", rest).strip()  # "把手机号从记忆里删掉"
    # "那条关于我前男友的…" / "以后别再提我离婚的事，也别记着": the record pointed at and a "don't bring it up"
    # lead no part of what is named
    rest = re.sub(r"^(?:以后|今后)?(?:也)?(?:别|不要|甭)(?:再)?(?:提|说|问)(?:起)?(?=.{2})|^[那这](?:条|个|些|段|件|句)(?:记录|信息|话)?(?=(?:关于|有关|我|说我)..)",
                  "", rest).strip(" ，,")
    rest = re.sub(r"(?<=..)(?:上班|工作|读书|住)?的$", "", rest) if re.match(r"我在", rest) else rest  # "那条我在字节上班的"
    span = (lead, lead + len(text.strip()))
    inner = re.sub(r"^(?:关于|有关)?(?:我?(?:刚才|之前|以前|刚刚|上次|上回)?我?(?:提到|说到|讲到|聊到|聊过|聊的|说|讲|提|跟你说|告诉你)(?:过|的)?(?:的)?|刚才说的|之前说的|关于|(?:刚才|刚刚|之前|上次|前面)(?=[那这]))(?:那个|这个|那位|这位)?", "", rest).strip()
    field = re.sub(r"^我(?:的|家的?)?", "", inner)
    target = next((p for regex, p in _FORGET_TARGETS if field and regex.fullmatch(field)), None)
    if target is not None:  # "住址那条抹掉": a field named alone, not a clause about the speaker
        return [Draft(predicate=target, object="", operation=Operation.forget, span=span,
                      flags={"forget_label:" + _label(target, field, 0, len(field))})]
    named = _NAME_ASKED.search(field)
    person = _forget_topic(field[:named.start()]) if named else ""
    field_named = next((p for regex, p in _FORGET_TARGETS[1:] if person and regex.fullmatch(person)), None)
    if field_named is not None:  # "学校名字别记了": the name of a school or a firm is the field it fills
        return [Draft(predicate=field_named, object="", operation=Operation.forget, span=span,
                      flags={f"forget_label:{person}的名字"})]
    if person:  # "我老板叫啥这个别记了" / "前男友的名字，忘了它吧": the name of the person named, nothing else of theirs
        relation = RELATIONS.get(person)
        if relation is not None:
            return [Draft(predicate=f"has_{relation}", object="", operation=Operation.forget, span=span,
                          flags={f"forget_label:{person}的名字"})]
        if person in PET_KINDS:  # "我家猫的名字别记了": the pet kept under its name
            return [Draft(predicate="has_pet", object="", operation=Operation.forget, span=span,
                          flags={f"forget_label:{person}的名字"})]
        return [Draft(predicate="name", object="", subject=person, subject_zh=person, operation=Operation.forget, span=span,
                      flags={f"forget_label:{person}的名字"})]
    if inner:
        clause = read(inner if inner.startswith("我") else "我" + inner, reference)
        # a value the request does not hold ("我离婚" -> divorced) is read from a topic, not named
        facts = [d for d in read_relations(clause) if d.object and d.predicate and not d.sensitive_kind and d.object in inner]
        if facts:
            out = []
            for d in facts:
                d.subject, d.subject_zh = clause.subject, clause.subject_zh
                out.append(replace(d, operation=Operation.forget, negated=False, span=span))
            return out
    everything, *fields = _FORGET_TARGETS
    for regex, predicate in [everything, *(f for f in fields if f[1] != "*")]:
        found = regex.search(rest)
        condition = _forget_topic(field) if found and predicate == "medical_condition" else ""
        if condition and not _HEALTH_IN_GENERAL.fullmatch(condition):  # "关于我糖尿病的记录全部清掉": that one condition
            return [Draft(predicate=predicate, object=condition, operation=Operation.forget, span=span,
                          flags={f"forget_label:{condition}"})]
        if found:
            return [Draft(predicate=predicate, object="", operation=Operation.forget, span=span,
                          flags={"forget_label:" + _label(predicate, rest, found.start(), found.end())})]
    topic = _forget_topic(field)
    if topic:  # "别记我前任的事": what was said about it, never everything
        return [Draft(predicate="*", object=topic, operation=Operation.forget, span=span,
                      flags={f"forget_label:关于{topic}的信息"})]
    for regex, predicate in fields:
        if predicate == "*" and regex.search(rest):
            return [Draft(predicate=predicate, object="", operation=Operation.forget, span=span,
                          flags={"forget_label:" + _FORGET_LABELS.get(predicate, predicate)})]
    return None
