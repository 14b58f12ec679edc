"""Private data in Chinese text: 手机号, 身份证号 by context, 银行账号, 详细住址, 密码/验证码/密钥
in natural phrasing, and diagnoses (确诊了糖尿病).

    [(kind, "我的手机号是13812345678"[s:e]) for kind, s, e in find_chinese("我的手机号是13812345678")]
    # -> [('phone_number', '13812345678')]

Detectors of the same shape as :mod:`kronograph.sensitive`'s (text -> spans), which runs them
on every text that holds Chinese characters; the resident ID checksum (GB 11643) and Luhn
card check live there and apply to Chinese text as they are. Pure, like that module.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache

PHONE_NUMBER = "phone_number"

#: Any CJK unified ideograph: the Chinese detectors run only on text that has one.
HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")

Detector = Callable[[str], Iterable[tuple[int, int]]]

# -- phone numbers: mainland mobiles (1[3-9] + 9 digits, +86 optional), landlines by context ---
_MOBILE = re.compile(r"(?<![\d])(?:(?:\+|00)?86[- ]?)?(1[3-9]\d(?:[- ]?\d{4}){2})(?!\d)")
_LANDLINE = re.compile(r"(?:电话|座机|固话|联系方式)(?:号码|号)?(?:是|为|：|:)?\s*((?:0\d{2,3}-?)?\d{7,8})(?!\d)")


# Chat handles reach the person as a phone number does: 微信号 zhang_wei88, QQ号 12345678 (one kind)
_HANDLE = re.compile(r"(?:微信号?|[Vv][Xx]号?|[Ww][Xx]号?|WeChat|wechat|QQ\s*号?|qq\s*号?)(?:码|号码|号|ID|id)?(?:是|为|：|:|\s)\s*"
                     r"([A-Za-z][-_A-Za-z0-9]{5,19}|[1-9]\d{4,11})(?![-_A-Za-z0-9])")


def _phones(text: str) -> Iterator[tuple[int, int]]:
    for m in _MOBILE.finditer(text):
        yield m.span()
    for m in _LANDLINE.finditer(text):
        yield m.span(1)
    for m in _HANDLE.finditer(text):
        yield m.span(1)
    yield from _partial(text, PHONE_NUMBER)
    yield from _named_after(text, PHONE_NUMBER)


# -- identity numbers, cards and bank accounts named in words -------------------------------
#: Papers and registrations that name a person: 身份证, 护照, 社保号, 驾驶证, 学号, 工号, 车牌…
_ID_NAMES = (r"(?:身份证|护照|证件|社保卡?|医保卡?|公积金|驾驶证|驾照|行驶证|港澳通行证|台胞证|通行证|军官证|居住证|"
             r"学籍|学号|工号|员工号|员工编号|职工号|车牌)")
_ID_CONTEXT = re.compile(_ID_NAMES + r"(?:号码|号)?(?:的)?(?:(?:后|前|末尾?)(?:[二两三四五六七八]|\d{1,2})位(?:数)?)?"
                         r"(?:[\u4e00-\u9fff]{0,6}?(?:都|也|就|还)?(?:是|为|：|:))?\s*([0-9A-Za-z](?:[0-9A-Za-z]|[ -](?=[0-9A-Za-z])){5,21})"
                         r"(?![0-9A-Za-z])")
#: A mainland licence plate: province, issuing letter, five or six letters and digits ("浙A·8K9T2").
_PLATE = re.compile(r"[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-HJ-NP-Z]\s*[·•.\- ]?\s*"
                    r"(?=[A-HJ-NP-Z0-9]{0,5}\d)[A-HJ-NP-Z0-9]{5,6}(?![0-9A-Za-z])")
#: Payment cards named in words: "卡号", "招行卡", "信用卡"; an account (账号/账户) is a bank account.
_CARD_CONTEXT = re.compile(r"(?:卡号|银行卡|(?:[工农建招中交浦兴光民邮]行|储蓄|信用|借记|工资|社保|医保)卡)(?:号码|号)?"
                           r"(?:[^\d\n，,。]{0,4}?(?:是|为|：|:))?\s*(\d(?:\d|[ -](?=\d)){11,22})(?!\d)")
_ACCOUNT_CONTEXT = re.compile(r"(?:银行账号|银行账户|账号|账户)(?:号码|号)?(?:是|为|：|:)?\s*(\d[\d ]{6,24}\d)")
#: The last digits of a number, said alone: "尾号5678", "卡的后四位是4421", "身份证末6位". Of a card or an
#: account they still reach it with the bank; of a phone or an ID they narrow it to one person.
_PARTIAL = re.compile(r"(?P<name>手机|电话|号码|身份证|证件|护照|银行卡|信用卡|储蓄卡|借记卡|[工农建招中交]行卡|卡号?|账号|账户)"
                      r"(?:号码|号)?(?:的)?(?:尾号|尾数|(?:后|末尾?|最后)(?:[二两三四五六]|\d)位(?:数字?)?)"
                      r"(?:是|为|：|:)?\s*(?P<value>\d{3,6})(?!\d)")
_PARTIAL_KINDS = (("手机|电话|号码", PHONE_NUMBER), ("身份证|证件|护照", "identity_number"), ("账", "bank_account"))


#: A value said first and named after it: "E12345678是我的护照号", "abc12345是我QQ的密码", "6222…是我工资卡".
_NAMED_AFTER = re.compile(r"(?<![!-~])(?P<value>[!-~](?:[!-~]|[ -](?=[0-9A-Za-z])){3,40})\s*(?:就是|是|为)(?:我|我们|我家)?(?:的)?"
                          r"[^，,。！!？?\s]{0,6}(?P<name>" + _ID_NAMES[3:-1] + r"|密码|口令|验证码|密钥|(?:银行|信用|储蓄|借记|工资|[工农建招中交]行)卡|卡号|"
                          r"银行账号|账号|账户|手机号?|电话|座机|微信号?|QQ号?)")
_NAMED_KINDS = ((_ID_NAMES, "identity_number"), ("密码|口令|验证码|密钥", "credential"), ("卡", "card_number"),
                ("账", "bank_account"), ("手机|电话|座机|微信|QQ", PHONE_NUMBER))


def _named_after(text: str, kind: str) -> Iterator[tuple[int, int]]:
    for named, start, end in _named_values(text):
        if named == kind:
            yield start, end


@lru_cache(maxsize=64)
def _named_values(text: str) -> tuple[tuple[str, int, int], ...]:
    """(kind, start, end) of every value named after it, in one scan shared by the detectors of
    each kind (they run one after another on the same text)."""
    out = []
    for m in _NAMED_AFTER.finditer(text):
        value = m["value"].strip()
        digits = sum(c.isdigit() for c in value)
        kind = next((k for names, k in _NAMED_KINDS if re.search(names, m["name"])), None)
        if kind is not None and (digits >= 4 or (kind == "credential" and digits and len(value) >= 6)
                                 or (kind == PHONE_NUMBER and "微信" in m["name"])):
            out.append((kind, m.start("value"), m.start("value") + len(value)))
    return tuple(out)


def _identity(text: str) -> Iterator[tuple[int, int]]:
    yield from _named_after(text, "identity_number")
    for m in _ID_CONTEXT.finditer(text):
        if sum(c.isdigit() for c in m.group(1)) >= 4:
            yield m.span(1)
    for m in _PLATE.finditer(text):
        yield m.span()
    yield from _partial(text, "identity_number")


def _cards(text: str) -> Iterator[tuple[int, int]]:
    yield from _named_after(text, "card_number")
    for m in _CARD_CONTEXT.finditer(text):
        yield m.span(1)
    yield from _partial(text, "card_number")


def _accounts(text: str) -> Iterator[tuple[int, int]]:
    yield from _named_after(text, "bank_account")
    for m in _ACCOUNT_CONTEXT.finditer(text):
        yield m.span(1)
    yield from _partial(text, "bank_account")


def _partial(text: str, kind: str) -> Iterator[tuple[int, int]]:
    for named, start, end in _partial_values(text):
        if named == kind:
            yield start, end


@lru_cache(maxsize=64)
def _partial_values(text: str) -> tuple[tuple[str, int, int], ...]:
    """(kind, start, end) of every number's last digits said alone, in one scan shared by the detectors."""
    return tuple((next((k for names, k in _PARTIAL_KINDS if re.search(names, m["name"])), "card_number"), *m.span("value"))
                 for m in _PARTIAL.finditer(text))


# -- credentials: 密码是…, 验证码：…, 密钥为… -------------------------------------------------
#: How a secret is given: "是", "：", "设成了", "改为", "我一般用", "都是", "我设的是".
_SECRET_LEAD = r"(?:我|你|一般|通常|平时|一直|现在|已经|都|也|还|就|统一|全)*"
_SECRET = re.compile(
    r"(?:密码|口令|暗号|验证码|校验码|动态码|密钥|秘钥|私钥|令牌|token|PIN\s*码?)(?:\s*(?:是|为)?\s*[四五六八\d]\s*位(?:数)?(?:的)?)?"
    r"(?P<sep>" + _SECRET_LEAD + r"(?:设|改|用|换)(?:置|成)?的是\s*|" + _SECRET_LEAD +
    r"(?:是|为|：|:|改成了?|改为|换成了?|设成了?|设置成了?|设置为|设为|设的|用的?|=)\s*|\s+)"
    # a passphrase may open with words ("芝麻开门2026"); then its digits tell it from a description
    r"[\"'“]?(?P<words>[\u4e00-\u9fff]{0,6}?)([!-~]{4,64}?)[\"'”]?"
    r"(?=$|[\s，。,；;！!？?、]|[\u4e00-\u9fff])",
    re.IGNORECASE)


# A secret said in Chinese numerals: "密码是六个八", "支付密码是一二三四五六"
_DIGIT_WORD = r"[零〇一二三四五六七八九幺两]"
_SPOKEN_SECRET = re.compile(
    r"(?:密码|口令|验证码|校验码|动态码|PIN码?|pin码?)(?:是|为|：|:|改成了?|改为|设成了?|设置成了?|设为|就是)?\s*"
    rf"((?:{_DIGIT_WORD}个{_DIGIT_WORD}|{_DIGIT_WORD}){{3,}}|{_DIGIT_WORD}个{_DIGIT_WORD}(?:{_DIGIT_WORD}个{_DIGIT_WORD}|{_DIGIT_WORD})*)")


def _credentials(text: str) -> Iterator[tuple[int, int]]:
    yield from _named_after(text, "credential")
    for m in _SECRET.finditer(text):
        # "验证码 482913", "密码用bcrypt": a bare space, a verb of use or words before it need a digit
        bare = not m["sep"].strip() or m["words"] or m["sep"].strip().endswith(("用", "用的"))
        if not bare or re.search(r"\d", m.group(3)):
            yield m.start("words"), m.end(3)
    for m in _SPOKEN_SECRET.finditer(text):
        yield m.span(1)


# -- exact addresses: province/city/district + street + number, or building/unit/room -----
# A place-name character: any Han character except the words that lead into an address.
_P = r"(?:(?![我你他她的是在住家到了和把给从址去回搬])[\u4e00-\u9fff])"
_NUM = r"[\d一二三四五六七八九十百零〇]+"
# one part of a building after the street number or estate: "5号楼", "B座", "E1区", "3 栋", "2 单元", "12楼"
_UNIT = rf"(?:[A-Za-z]?\s*{_NUM}\s*(?:期|号楼|栋|幢|座|楼|层|单元|室|号房|区|户)|[A-Za-z]\s*(?:座|栋|幢|区))"
_ROOM = rf"(?:\s*{_NUM}\s*(?:室|号房|户)|(?<=[楼栋幢座元层区])\s*\d{{3,5}}(?!\d))"
_ADDRESS = re.compile(
    rf"(?:{_P}{{2,7}}?(?:省|自治区))?(?:{_P}{{2,7}}?市)?(?:{_P}{{1,7}}?(?:区|县|旗))?(?:{_P}{{1,8}}?(?:镇|乡|街道|村))?"
    rf"(?:{_P}{{1,12}}?(?:路|街|大道|大街|巷|弄|胡同|道|[东西南北中]里)(?:[东西南北中]?(?:[一二三四五六七八九]?段)?)(?:\s*{_NUM}\s*(?:号|弄|巷)(?:院)?)"
    # a house in a lane, and its room: "500 弄 12 号 801 室", "88 弄 5 号 1202"
    rf"(?:(?<=[弄巷])\s*{_NUM}\s*号(?!楼)(?:\s*\d{{3,5}}(?!\s*[\d号楼层室]))?)?"
    # the building after the street number: "385号太古汇1期12楼", "90号东部软件园5号楼", "103号维多利广场B座1206"
    rf"(?:\s*(?:{_P}|[A-Za-z]){{0,10}}?(?:\s*{_UNIT})+{_ROOM}?)?"
    rf"|{_P}{{1,12}}?(?:村|屯)\s*{_NUM}\s*(?:组|队|社|号)"
    rf"|{_P}{{1,12}}?(?:小区|花园|公寓|大厦|社区|新村|苑|园|家园|广场)(?:\s*{_UNIT})*{_ROOM}?)")
_BUILDING = re.compile(rf"(?<![\d一二三四五六七八九十百零〇]){_NUM}\s*(?:号楼|栋|幢|座)\s*(?:{_NUM}\s*单元)?\s*(?:{_NUM}\s*(?:室|号房)|\d{{3,5}}(?![\d层楼]))?")


#: Where an address is introduced ("住在", "地址是", "寄到", a comma): the place name before a span
#: that starts inside a word runs back to it.
_P_CHAR = re.compile(_P)
_ADDRESS_LEAD = re.compile(r"[^\s，,。；;：:、在住是为到址寄我你他她的]{1,16}$")


def _whole(text: str, start: int) -> int:
    """Where an address found from ``start`` begins: "花家地南里7号楼" is found from "地南里" (家 leads into
    an address elsewhere), and the district and lane before it are the address too."""
    if start == 0 or not HAN.match(text[start - 1]) or (not _P_CHAR.match(text[start - 1]) and text[start - 1] != "家"):
        return start
    found = _ADDRESS_LEAD.search(text, 0, start)
    return found.start() if found else start


#: What is done in a room named only by its building ("8号楼1203室开会"): a meeting place, not where one lives.
_GATHERING = re.compile(r"\s*(?:的)?(?:开会|集合|见面|碰头|上课|考试|面试|办公|报到|签到|会议|培训|开讲|听课|答辩)")


def _addresses(text: str) -> Iterator[tuple[int, int]]:
    for m in _ADDRESS.finditer(text):
        has_number = re.search(r"\d|[一二三四五六七八九十](?:号|栋|单元|室)", m.group())
        village = re.search(r"[村屯]\s*\S+[组队社]$", m.group()) and not re.search(r"[镇乡县]", m.group())
        if has_number and re.search(r"号|栋|幢|单元|室|座|楼|[村屯].*[组队社]", m.group()) and not village:
            yield _whole(text, m.start()), m.start() + len(m.group().rstrip())
    for m in _BUILDING.finditer(text):
        if _GATHERING.match(text, m.end()):
            continue  # "在8号楼1203室开会": a room one meets in, no home
        if re.search(r"单元|室|号房|\d{3,5}\s*$", m.group()):  # a room in it; "2号楼3层开会" is no home
            yield _whole(text, m.start()), m.start() + len(m.group().rstrip())


# -- health details: a diagnosis (allergies and medication are the policy's safety facts) ----
HEALTH_TERMS_ZH: tuple[str, ...] = (
    "糖尿病", "高血压", "抑郁症", "抑郁", "焦虑症", "癌症", "[肺胃肝肠乳腺甲状腺前列腺宫颈鼻咽胰腺]*癌", "白血病", "淋巴瘤",
    "肿瘤", "艾滋病", "HIV", r"HPV(?!\s*疫苗)", "乙肝", "丙肝", "肝炎", "癫痫", "哮喘", "心脏病", "冠心病", "精神分裂症?", "双相情感障碍", "双相", "惊恐障碍", "惊恐发作", "焦虑发作",
    "双相障碍", "自闭症", "孤独症", "多动症", "阿尔茨海默症?", "老年痴呆", "帕金森", "不孕不育", "不孕", "红斑狼疮",
    "类风湿", "关节炎", "偏头痛", "失眠症", "新冠", "甲亢", "甲减", "痛风", "肺结核", "结核病?", "梅毒", "性病",
    "强迫症", "厌食症", "暴食症", "进食障碍", "创伤后应激障碍", "心理疾病", "精神疾病", "抑郁障碍", "脂肪肝", "肾病",
    "尿毒症", "中风", "脑梗", "心梗", "克罗恩病", "乳糖不耐受症", "贫血", "胃炎", "胃溃疡", "颈椎病", "腰椎间盘突出",
    "高血脂", "高血糖", "湿疹", "银屑病", "荨麻疹", "鼻炎", "咽炎", "近视",
    # as the English list: stress and attention disorders, addiction, sexually transmitted infections
    "PTSD", "OCD", "ADHD", "焦虑障碍", "惊恐症", "酒精依赖", "酒精成瘾", "药物成瘾", "毒瘾", "多发性硬化", "疱疹", "衣原体",
    "淋病", "乳糜泻",
)
_HEALTH = re.compile(
    r"(?:确诊(?:了|为|出|出了)?|诊断(?:出|为)(?:了)?|被诊断(?:出|为)(?:了)?|患有|患了|患上了?|得了|得过|查出(?:来)?(?:了)?(?:有)?|"
    r"检查出(?:来)?(?:了)?(?:有)?|有点|有些|有|在治疗|治疗|复发了?|(?<=我)是|(?:应该|可能|好像|估计|大概|八成|多半|怕是|恐怕)(?:是|得了))(?:轻度|中度|重度|严重的?|慢性|急性|早期|晚期|[1-4一二三四]型|[1-4一二三四]期)*\s*"
    r"(" + "|".join(HEALTH_TERMS_ZH) + r")", re.IGNORECASE)


#: A finding said by who found it ("医生说是腱鞘炎", "确诊是甲流", "查出来是乙肝携带者"): after such a
#: verb a condition is also known by its kind of word (…炎/…症/…病/…结石), not only by the list.
_FOUND_AS = (r"(?:(?:确诊|诊断|查出来|检查出来|(?:结果|化验单|检查单|报告|片子)出来|查清楚|查明白|查明|确定|确认)了?[，,]\s*(?:就|确实|确定|果然)?(?:是|为)(?:个|一个)?|"
             r"(?:确定|确认|确实|证实|果然)(?:了)?(?:我)?(?:就)?是|怀疑(?:自己)?(?:是|有些|有点|有|得了)(?:轻微的?)?|(?:确定|确认|证实|测出|查出)(?:了|来)?(?=怀孕)|确诊(?:了|为|出了?|是)?|(?:被)?诊断(?:我)?(?:出|为|是)(?:了)?|诊断结果(?:是|为)|(?:检)?查出(?:来)?(?:了)?(?:我)?(?:是|有|得了)?|"
             r"测出(?:来)?(?:了)?(?:是|有)?|(?:医生|大夫|医院)(?:都|也)?(?:说|讲|判断|认为|确定|确认)(?:了)?(?:我)?(?:这|这个)?(?:就|确实)?(?:是|有|得了|得的是))")
_CONDITION = r"[\u4e00-\u9fff]{0,6}?(?:炎|症|病|癌|瘤|[^结果]{2,5}菌|综合征|障碍|结石|囊肿|息肉|结节|骨折|甲流|乙流|流感|感染|携带者|疹|癣|溃疡|增生|积液|突出|劳损|扭伤|拉伤|撕裂|损伤)"
_DIAGNOSIS = re.compile(_FOUND_AS + r"(?:轻度|中度|重度|严重的?|慢性|急性|早期|晚期|轻微的?|良性的?|恶性的?)*\s*(" + "|".join(HEALTH_TERMS_ZH) + "|" + _CONDITION + "|怀孕|双胞胎|三胞胎)",
                        re.IGNORECASE)  # a pregnancy is a finding too ("B超确认是双胞胎"), never a bare "有双胞胎"


#: Caught or suffered ("可能得了腱鞘炎"): a condition known by its kind of word, as after a finding.
_CAUGHT = re.compile(r"(?:得了|得过|患了|患有|患上了?|染上了?|病历(?:上|里)?(?:写着|写的是|写了|显示))(?:轻度|中度|重度|严重的?|慢性|急性|早期|晚期)*(" + _CONDITION + ")")


#: Treatments and events that tell a condition by themselves ("我妈在化疗", "去年流产过"), said of a person
#: ("这个项目流产了" is no pregnancy lost), and a disability owned ("我是三级残疾").
_TELLING = re.compile(r"(?:化疗|放疗|透析|戒毒|酗酒)(?!药|方案|技术|设备|中心的?工作)|"
                      r"(?<=[我她])[^，,。！!？?]{0,6}?(流产|小产|人流|堕胎)|(?:(?<=我)(?:是|有)?|残疾证上写着)(?:[一二三四]级)?(?:肢体|视力|听力|智力)?(残疾|残障)")


#: A pregnancy said as a state now ("我姐怀孕了", "老婆怀孕五个月了"), not one wished, denied or advised on
#: ("想怀孕", "还没怀孕", "怀孕了要多休息"); said right after the woman, so a colleague's stays unread.
_EXPECTING = re.compile(r"(?:我|她|姐|妹|婆|妻|妻子|我嫂子|嫂|妇|女|儿|妈|娘|太)(?:已经|也|刚|终于|又|都)?(怀孕)(?=(?:已经|快|都)?(?:[一二三四五六七八九两十\d]+(?:个多?|多个)?(?:月|周))?(?:了|啦|中)(?![要就会该得需的时]))")


#: An operation had ("做过心脏搭桥手术", "去年动了个阑尾手术"): surgery tells a condition as a diagnosis does.
_SURGERY = re.compile(r"(?:做过|做了|动过|动了|刚做完|做完)(?:一次|一个|个|次)?([\u4e00-\u9fff]{1,8}?手术)(?!的)")


#: A measured level said to be out of range ("血糖有点高", "胆固醇偏高", "尿酸一直超标"): a health detail as
#: 高血糖 is; a level said to be fine ("血压一直平稳") is none.
#: Said right after its owner, the user or kin ("我血压偏高", "我妈的血糖有点高"); a rule said of anyone
#: ("血压高的人…"), a question ("血糖高怎么办") or a reading of an instrument ("高精度") is none.
_LEVEL_OWNER = (r"(?:我|我的|(?:我|我们)?(?:家)?(?:爸爸|妈妈|老爸|老妈|爸|妈|父亲|母亲|老公|老婆|丈夫|妻子|媳妇|爱人|爷爷|奶奶|外公|外婆|姥姥|姥爷|"
                r"儿子|女儿|闺女|孩子|哥哥|姐姐|弟弟|妹妹|哥|姐|弟|妹|公公|婆婆|岳父|岳母)的?)")
_LEVEL = re.compile(_LEVEL_OWNER + r"(?:最近|现在|一直|也|好像|可能|似乎|估计|大概|感觉)*(?P<level>(?:血压|血糖|血脂|胆固醇|尿酸|甘油三酯|转氨酶|眼压|心率)(?:一直|也|都|还|又)*"
                    r"(?:有点儿?|有些|偏|比较|略|稍微|稍|太|特别|很)*(?:高|低|偏高|偏低|超标)(?![兴效速铁手度温峰]|的人|低|怎么|吗|精度))")


def _health(text: str) -> Iterator[tuple[int, int]]:
    for m in _LEVEL.finditer(text):
        said = re.split(r"[。！!？?]", text[m.end():], maxsplit=1)
        sentence_start = max(text.rfind(p, 0, m.start()) for p in "。！!？?") + 1
        if not re.match(r"\s*(?:听说|据说)", text[sentence_start:]) and not (len(said) > 1 and text[m.end() + len(said[0]):][:1] in "？?"):
            yield m.span("level")
    for m in _SURGERY.finditer(text):
        yield m.span(1)
    for m in _TELLING.finditer(text):
        group = next((g for g in (1, 2) if m.group(g)), 0)
        yield m.span(group)
    for m in _CAUGHT.finditer(text):
        yield m.span(1)
    for m in _HEALTH.finditer(text):
        if m.group(1):
            yield m.span(1)
    for m in _DIAGNOSIS.finditer(text):
        yield m.span(1)
    if "怀孕" in text:
        for m in _EXPECTING.finditer(text):
            yield m.span(1)


#: The Chinese detectors by the kind they find (kinds shared with kronograph.sensitive).
ZH_DETECTORS: dict[str, Detector] = {
    "identity_number": _identity,
    "phone_number": _phones,
    "card_number": _cards,
    "bank_account": _accounts,
    "credential": _credentials,
    "address": _addresses,
    "health": _health,
}

#: Kinds whose Chinese patterns need an Arabic digit; an address may be numbered in Chinese numerals.
#: Full-width and ideographic punctuation: a Chinese keyboard's, in text with no Han character.
_CJK_PUNCTUATION = re.compile(r"[\u3000-\u303f\uff01-\uff0f\uff1a-\uff20]")
ZH_DIGIT_KINDS = frozenset({"identity_number", "phone_number", "card_number", "bank_account"})
_ANY_NUMERAL = re.compile(r"[\d一二三四五六七八九十百零〇]")


def find_chinese(text: str, kinds: Iterable[str] | None = None) -> list[tuple[str, int, int]]:
    """``(kind, start, end)`` of every span the Chinese detectors find (unsorted, may overlap);
    nothing for text without Chinese characters."""
    if not HAN.search(text) and not _CJK_PUNCTUATION.search(text):
        return []
    wanted = set(ZH_DETECTORS) if kinds is None else set(kinds)
    if not re.search(r"\d", text):
        wanted -= ZH_DIGIT_KINDS
    if not _ANY_NUMERAL.search(text):
        wanted.discard("address")
    return [(kind, s, e) for kind, detect in ZH_DETECTORS.items() if kind in wanted
            for s, e in detect(text) if e > s]
