"""Reading one Chinese clause: the words that only colour it (times, hedges, 不再, 以前, 要/打算)
are lifted off as flags, the subject is found (我 -> user, 我妹妹 -> user's sister, 我同事小王
-> 小王), and what remains ("住在成都", "从北京搬到了深圳") is matched by relation patterns that
name the same English predicates as the English rules.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from ...candidates import CandidateFact, Operation
from ...language import dictionary_place, dictionary_words, tagged_words
from ...model import EntityType, MemoryType
from ..timeexpr import TimeKind, TimeSpan
from .ending_words import GROUPS
from .numbers import NUMBER, to_int
from .timeexpr import find_times

_STRONG_HEDGE = 0.35
_MILD_HEDGE = 0.6
_CONFIRMED = 0.95

# -- vocabulary -----------------------------------------------------------------------------
#: Kin by marriage, step-kin and people at work or school; listed first so that a relation they share
#: with a word below ("aunt": 姨妈) keeps that word as its label.
_MORE_KIN = {
    "舅妈": "aunt", "伯母": "aunt", "婶婶": "aunt", "大姨": "aunt", "姑父": "uncle", "姨父": "uncle", "大伯": "uncle",
    "老丈人": "father-in-law", "继父": "stepfather", "继母": "stepmother", "干妈": "godmother", "干爹": "godfather",
    "上司": "boss", "组长": "team lead", "师父": "mentor", "师兄": "senior schoolmate", "师姐": "senior schoolmate",
    "学长": "senior schoolmate", "学姐": "senior schoolmate",
}
RELATIONS = _MORE_KIN | {
    "妹妹": "sister", "姐姐": "sister", "姐": "sister", "妹": "sister", "哥哥": "brother", "弟弟": "brother",
    "哥": "brother", "弟": "brother", "妈妈": "mother", "母亲": "mother", "妈": "mother", "爸爸": "father",
    "父亲": "father", "爸": "father", "老婆": "wife", "妻子": "wife", "太太": "wife", "爱人": "spouse",
    "老公": "husband", "丈夫": "husband", "先生": "husband", "女朋友": "girlfriend", "男朋友": "boyfriend",
    "对象": "partner", "儿子": "son", "女儿": "daughter", "孩子": "child", "同事": "colleague", "朋友": "friend",
    "室友": "roommate", "老板": "boss", "领导": "boss", "经理": "manager", "部门经理": "manager", "主管": "supervisor",
    "爷爷": "grandfather", "奶奶": "grandmother",
    "外公": "grandfather", "外婆": "grandmother", "姥爷": "grandfather", "姥姥": "grandmother", "表妹": "cousin", "表哥": "cousin", "堂哥": "cousin",
    "闺蜜": "friend", "舍友": "roommate", "同学": "classmate", "邻居": "neighbour", "爸妈": "parents",
    "父母": "parents", "爸爸妈妈": "parents", "老爸": "father", "老妈": "mother", "媳妇": "wife", "媳妇儿": "wife",
    "男友": "boyfriend", "女友": "girlfriend", "闺女": "daughter", "娃": "child", "小孩": "child", "宝宝": "child",
    "孙子": "grandson", "孙女": "granddaughter", "外孙": "grandson", "外孙女": "granddaughter", "外甥": "nephew",
    "外甥女": "niece", "侄子": "nephew", "侄女": "niece", "表弟": "cousin", "表姐": "cousin", "堂弟": "cousin",
    "堂妹": "cousin", "堂姐": "cousin", "舅舅": "uncle", "叔叔": "uncle", "伯伯": "uncle", "姑姑": "aunt", "阿姨": "aunt",
    "小姨": "aunt", "姨": "aunt", "舅": "uncle", "姨妈": "aunt", "岳父": "father-in-law", "公公": "father-in-law", "岳母": "mother-in-law",
    "婆婆": "mother-in-law", "丈母娘": "mother-in-law", "姐夫": "brother-in-law", "嫂子": "sister-in-law",
    "弟媳": "sister-in-law", "妹夫": "brother-in-law", "师傅": "mentor", "导师": "advisor",
}
#: The same people by the names friends and partners use in chat ("我发小", "我家那位", "我哥们儿"): read as
#: the relation, never written as its label.
COLLOQUIAL_RELATIONS = {
    "发小": "friend", "哥们儿": "friend", "哥们": "friend", "好哥们": "friend", "兄弟": "friend", "死党": "friend",
    "老铁": "friend", "姐妹": "friend", "好姐妹": "friend", "铁子": "friend", "基友": "friend",
    "家那位": "spouse", "那位": "spouse", "那口子": "spouse", "另一半": "partner", "男票": "boyfriend", "女票": "girlfriend",
    "老婆大人": "wife", "领导夫人": "wife", "闺蜜": "friend", "家小子": "son", "家丫头": "daughter", "家姑娘": "daughter",
    "家千金": "daughter", "家公主": "daughter",
}
RELATIONS |= COLLOQUIAL_RELATIONS
#: Kin said without 我 at the head of a clause ("老公最近迷上了钓鱼"): words nobody uses for someone else's
#: relative without naming whose (not 同事/朋友/老板, often anyone's).
BARE_KIN = ("老公|老婆|媳妇儿?|老妈|老爸|爸妈|男朋友|女朋友|男友|女友|男票|女票|对象|闺蜜|发小|哥们儿?|儿子|女儿|闺女|"
            "爸爸|妈妈|爷爷|奶奶|外公|外婆|姥姥|姥爷|哥哥|姐姐|弟弟|妹妹|室友|舍友|另一半|孩子|小孩")
RELATION_WORDS = "|".join(sorted(RELATIONS, key=len, reverse=True))
PARTNER_STATUS = {"wife": "married", "husband": "married", "spouse": "married",
                   "girlfriend": "in a relationship", "boyfriend": "in a relationship", "partner": "in a relationship"}
_SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔汤"
# A name after the relation: 小王 / Anna / 王阿姨 / 张伟 (a surname and one or two characters before a verb or adverb)
_NAME = (r"(?:小|老|阿|大)[\u4e00-\u9fff]|[A-Z][a-z]+|[" + _SURNAMES + r"](?:阿姨|叔叔|老师|师傅|姐|哥|总)|[" + _SURNAMES
         + r"][\u4e00-\u9fff]{1,2}?(?=在|是|住|对|喜欢|刚|最近|去|要|下个|今年|也|已经|有|养|开|跟|说|，|,|还|从|每|现在|目前|平时|一直|特别|很|最|考|读|当|做|干|辞|离|结|生|买|搬|换|加入|入职|毕业|和|就)")

_CLOSE = r"好|最好的|大学|高中|初中|小学|发小|小(?=侄|外甥|表|堂|儿子|女儿|闺女|孙)"
#: words a name pattern would read as a name ("我哥小时候", "我妈老是")
_NOT_NAME = r"小时|老是|老家|大家|大概|大学|大多|老早|阿里"
#: A pet name said after the relation ("我儿子豆豆", "我闺蜜阿May"): a doubled character or 阿 and a Latin
#: name; doubled adverbs and time words ("天天", "常常", "刚刚") and doubled kin words are no names.
_NAME_AFTER = re.compile(r"(?P<n>(?P<c>[\u4e00-\u9fff])(?P=c)|阿\s?[A-Za-z]{2,10})(?![\u4e00-\u9fff]?[们的])")
#: Characters whose doubling is a word of its own ("天天", "常常", "妈妈", "宝宝"), not a pet name.
_DOUBLED_WORDS = frozenset("天常刚慢渐偷好悄早默明仅稍往时处人个样多年月日次回顿夜周每统整足满久老实紧妈爸哥姐弟妹爷奶姥舅叔婶姑伯宝公婆嫂太"
                           "星点清楚干净高兴大小轻快纷匆频连")


def name_after(rest: str) -> re.Match[str] | None:
    """The name said right after a relation that the name pattern does not know ("豆豆上幼儿园了" -> 豆豆)."""
    found = _NAME_AFTER.match(rest)
    return None if found is None or (found["c"] or "") in _DOUBLED_WORDS else found


OPERATING_SYSTEMS = {"安卓": "安卓", "android": "Android", "ios": "iOS", "windows": "Windows", "macos": "macOS",
                     "mac": "macOS", "linux": "Linux", "鸿蒙": "鸿蒙", "harmonyos": "HarmonyOS", "ubuntu": "Ubuntu"}
_OS = re.compile(r"安卓|鸿蒙|Android|iOS|Windows|macOS|Mac(?!Book)|Linux|HarmonyOS|Ubuntu", re.I)
_DRINKS = {"茶", "咖啡", "红茶", "绿茶", "奶茶", "可乐", "果汁", "啤酒", "红酒", "白酒", "牛奶", "豆浆", "酸奶",
           "热水", "乌龙茶", "拿铁", "美式", "花茶", "白开水", "苏打水", "气泡水", "酒"}
_STYLE = re.compile(r"风格|风$|配色|穿搭|装修|简约|极简|复古|宽松|紧身|日系|韩系|法式|中式|北欧|色调|衣服|打扮|审美")
_CATEGORIES = {"颜色": "colour", "水果": "fruit", "食物": "food", "菜": "food", "饮料": "drink", "运动": "sport",
               "歌手": "singer", "电影": "film", "书": "book", "城市": "city", "季节": "season", "动物": "animal",
               "乐队": "band", "游戏": "game", "歌": "song", "作家": "author", "演员": "actor", "花": "flower",
               "品牌": "brand", "编程语言": "language", "语言": "language"}
OCCUPATION = re.compile(
    r"(?:工程师|程序员|设计师|老师|教师|助教|讲师|辅导员|班主任|保姆|月嫂|家教|医生|医师|护士|律师|会计|司机|厨师|经理|主管|总监|教授|记者|作家|警察|学生|研究生|"
    r"博士生|硕士生|本科生|大学生|高中生|销售|客服|运营|架构师|分析师|顾问|编辑|翻译|演员|歌手|画家|摄影师|模特|主播|老板|"
    r"创业者|自由职业者|UP主|博主|公务员|军人|农民|工人|店长|财务|前端|后端|全栈|测试|科学家|研究员|博士后|药剂师|导游|空姐|飞行员|保安|"
    r"快递员|外卖员|码农|实习生|全职妈妈|全职爸爸|家庭主妇|主妇|宝妈|产品|专员|助理|秘书|主任|院长|校长|法官|建筑师|"
    r"会计师|咨询师|心理咨询师|营养师|经纪人|负责人|主席|副主席|会长|部长|数据科学家|策划|美工|插画师|UI|HR|CEO|CTO|COO|CFO|PM|骑手|选手|技工|民警|刑警|导演|"
    r"监理|保洁|中介|猎头|法务|审计|出纳|主持人|剪辑|摄像|电工|焊工|木工|瓦工|钳工|护工|司仪|领队|包工头|"
    # an occupation by its suffix needs a word before it: 大家/他家/我家 and a bare 长 or 医 are none
    r"(?<!大|他|她|我|你|人|自|老|东|行|玩|年|患)(?<!携带)(?<=[\u4e00-\u9fff])(?:员|师|家|生|官|匠|者|士|练|长|医))$")
_CAREER = r"(?:转行|改行|转岗)(?:去)?(?:做|当|成|成了|干)(?:了)?"
FIELD = re.compile(r"(?:外卖|快递|代驾|网约车|开发|研发|研究|运维|设计|测试|销售|财务|金融|教育|法务|行政|人事|市场|采购|物流|医疗|IT|算法|前端|后端|分析|"
                    r"产品|运营|会计|审计|咨询|外贸|电商|媒体|广告|翻译|新闻|科研|投资|保险|建筑|装修|供应链|品控|质检|人力|商务|公关|风控|量化|"
                    r"跟单|出纳|教研|仓储|生产|工艺|硬件|嵌入式|剪辑|后期|动画|招聘|猎头|物业|理赔|客服|数据|交互|视觉|法律|培训)$")

def is_occupation(text: str) -> bool:
    """A job by the lists: an occupation ("程序员") or a field one works in ("设计")."""
    return bool(OCCUPATION.search(text) or FIELD.search(text))


#: Trades one is "in" (在做跨境电商, 做服装批发的), unlike a task one is doing (在做测试).
_TRADE = re.compile(r"(?:自媒体|外贸|电商|微商|直播|代购|外卖|快递|代驾|网约车|装修|物流|保险|房产|中介|批发|零售|餐饮|生意|买卖|美容|美发|"
                    r"美甲|培训|汽修|二手车|家政|婚庆|养殖|种植|农业|工程|建材|服装|烘焙|摄影|设计)$")
PROJECT = re.compile(r"App|APP|app|应用|小程序|网站|项目|系统|平台|游戏|工具|插件|产品|软件|程序|机器人|SDK|服务|框架|库$|网页|"
                      r"公众号|小说|论文|课程|视频|播客|[A-Za-z]")
_QUESTION_WORD = re.compile(r"哪|什么|谁|多少|几|怎么|为什么|啥|要不要|是不是|该不该|能不能|会不会|有没有")
_PLACE_SUFFIX = re.compile(r"(?:省|市|县|区|镇|村|州|岛|湾|国|城)$")
_PLACES = frozenset(
    ["北京", "上海", "天津", "重庆", "广州", "深圳", "杭州", "南京", "苏州", "成都", "武汉", "西安", "长沙", "郑州", "青岛", "厦门", "宁波", "无锡", "合肥", "福州", "济南", "大连", "沈阳", "长春", "哈尔滨", "昆明", "贵阳", "南宁", "南昌", "太原", "石家庄", "兰州", "西宁", "银川", "乌鲁木齐", "拉萨", "呼和浩特", "海口", "三亚", "珠海", "东莞", "佛山", "温州", "绍兴", "嘉兴", "金华", "台州", "常州", "徐州", "扬州", "南通", "烟台", "潍坊", "洛阳", "桂林", "丽江", "大理", "香港", "澳门", "台北", "台湾", "新加坡", "东京", "大阪", "首尔", "纽约", "伦敦", "巴黎", "柏林", "悉尼", "墨尔本", "温哥华", "多伦多", "旧金山", "洛杉矶", "西雅图", "硅谷", "美国", "英国", "法国", "德国", "日本", "韩国", "加拿大", "澳洲", "澳大利亚", "意大利", "西班牙", "泰国", "越南", "老家", "国外", "海外", "云南", "四川", "广东", "浙江", "江苏", "福建", "山东", "河南", "河北", "湖南", "湖北", "江西", "安徽", "辽宁", "吉林", "黑龙江", "陕西", "山西", "甘肃", "贵州", "广西", "海南", "内蒙古", "新疆", "西藏", "宁夏", "青海", "冰岛", "迪拜",
     # cities and districts jieba's dictionary does not tag as places (ambiguous words such as 白云, 开封 left out)
     "保定", "唐山", "秦皇岛", "承德", "张家口", "运城", "长治", "包头", "营口", "齐齐哈尔", "连云港", "宿迁", "三明", "龙岩",
     "宁德", "景德镇", "许昌", "信阳", "焦作", "商丘", "周口", "黄石", "孝感", "恩施", "岳阳", "常德", "张家界", "茂名", "清远",
     "玉林", "自贡", "攀枝花", "遵义", "曲靖", "玉溪", "宝鸡", "天水", "酒泉", "格尔木", "银川", "克拉玛依", "林芝", "石景山",
     "昌平", "顺义", "房山", "门头沟", "亦庄", "回龙观", "徐汇", "静安", "杨浦", "闵行", "奉贤", "陆家嘴", "张江", "越秀",
     "海珠", "宝安", "龙岗", "龙华", "余杭", "萧山", "拱墅", "临平", "武侯", "成华", "双流", "郫都", "渝中", "沙坪坝", "秦淮",
     "建邺", "仙林", "雁塔", "岳麓", "思明", "历下", "吴中", "常熟", "张家港", "义乌", "慈溪", "余姚", "顺德", "禅城", "石狮",
     "金华", "鼓浪屿", "周庄", "香格里拉", "稻城", "阳朔", "平遥", "东北", "西北", "华北", "华南", "华东", "西南", "江南", "潮汕", "闽南", "中原", "胶东", "苏北", "苏南"])
# firms and schools jieba's dictionary tags as places
_NOT_PLACES = frozenset(["京东", "宜家", "中兴", "苏宁", "长城", "吉利", "长安", "南开", "浙大", "厦大", "南大", "华西", "湘雅"])
_PLACE_NAMES = "|".join(sorted((p for p in _PLACES if len(p) >= 2), key=len, reverse=True))
_PLACE_EDGE = re.compile(f"^(?:{_PLACE_NAMES})|(?:{_PLACE_NAMES})$")
MEMBERSHIP = re.compile(r"(?:会|社|俱乐部|群|队|协会|小组|组|团|联盟|圈|班|社团|读书会|乐队|志愿者|队伍|团队|组织|工会|学会|战队)$")
_MEDICINE = re.compile(r"药|片|胶囊|素|阿司匹林|布洛芬|二甲双胍|胰岛素|华法林|降压|抗生素|维生素|褪黑")


@dataclass
class Draft:
    """A fact under construction inside one sentence (the Chinese rules' counterpart of the
    English :class:`~kronograph.extraction.rules_draft.Draft`)."""

    predicate: str | None
    object: str
    subject: str = "user"
    subject_zh: str = "用户"
    operation: Operation = Operation.add
    replaces: str | None = None
    negated: bool = False
    hedge: str | None = None
    confirmed: bool = False
    memory_type: MemoryType | None = None
    valid_from: datetime | None = None
    valid_until: datetime | None = None
    task_until: datetime | None = None
    plan_time: datetime | None = None
    sensitive_kind: str | None = None
    object_type: EntityType | None = None
    subject_type: EntityType = EntityType.person
    flags: set[str] = field(default_factory=set)
    span: tuple[int, int] = (0, 0)

    def to_candidate(self, turn: int) -> CandidateFact:
        hedged = self.hedge is not None
        confidence = (_STRONG_HEDGE if self.hedge == "strong" else _MILD_HEDGE) if hedged else (
            _CONFIRMED if self.confirmed else None)
        memory_type = self.memory_type
        if memory_type is None and hedged and self.operation is Operation.add:
            memory_type = MemoryType.hypothesis
        if memory_type is None and (self.predicate in ("likes", "dislikes", "style_preference")
                                    or (self.predicate or "").startswith("preferred_")):
            memory_type = MemoryType.preference
        return CandidateFact(
            subject=self.subject, predicate=self.predicate or "", object=self.object, text=render(self),
            operation=self.operation, replaces=self.replaces, valid_from=self.valid_from,
            valid_until=self.valid_until, memory_type=memory_type, hedged=hedged, confidence=confidence,
            negated=self.negated, task_until=self.task_until, sensitive_kind=self.sensitive_kind,
            subject_type=self.subject_type, object_type=self.object_type or _IMPLIED.get(
                (self.predicate or "").removeprefix("planned_")), source_turn=turn, span=self.span,
            slot_named="slot_named" in self.flags)


_IMPLIED = {"lives_in": EntityType.place, "works_at": EntityType.organization, "studies_at": EntityType.organization,
            "visited": EntityType.place, "uses_os": EntityType.product, "current_project": EntityType.product,
            "member_of": EntityType.organization, "graduated_from": EntityType.organization}

# -- texts ----------------------------------------------------------------------------------
_TEMPLATES = {
    "lives_in": "{s}住在{o}", "works_at": "{s}在{o}工作", "job_title": "{s}的职业是{o}", "studies_at": "{s}在{o}上学",
    "uses": "{s}使用{o}", "uses_os": "{s}使用{o}", "name": "{s}叫{o}", "surname": "{s}姓{o}",
    "works_in": "{s}在{o}上班", "has_pet": "{s}养的是{o}", "current_project": "{s}正在做{o}", "likes": "{s}喜欢{o}",
    "dislikes": "{s}不喜欢{o}", "style_preference": "{s}偏好{o}", "allergic_to": "{s}对{o}过敏",
    "passed": "{s}通过了{o}", "personality": "{s}是{o}",
    "takes_medication": "{s}在服用{o}", "diet": "{s}的饮食：{o}", "age": "{s}{o}岁", "has": "{s}有{o}",
    "weighs": "{s}体重{o}", "height": "{s}身高{o}", "member_of": "{s}是{o}的成员", "visited": "{s}去了{o}",
    "attended": "{s}参加了{o}", "bought": "{s}买了{o}", "graduated_from": "{s}毕业于{o}",
    "relationship_status": "{s}的婚恋状况：{o}", "partner": "{s}和{o}在一起", "married_to": "{s}和{o}结婚了", "owns": "{s}开了{o}", "work_experience": "{s}工作了{o}", "obtained": "{s}获得了{o}", "hometown": "{s}老家是{o}", "activity": "{s}{o}",
    "runs": "{s}跑{o}", "swims": "{s}游泳{o}", "walks": "{s}走{o}", "cycles": "{s}骑车{o}", "exercises": "{s}锻炼{o}",
    "current_education": "{s}在读{o}", "employment_status": "{s}已{o}", "driving_experience": "{s}驾龄{o}", "household_registration": "{s}的户口在{o}",
    "has_task": "{s}要{o}", "plays": "{s}玩{o}", "studies": "{s}学的是{o}", "drives": "{s}开{o}", "commutes_by": "{s}坐{o}通勤", "birthday": "{s}的生日是{o}", "plans_to": "{s}打算{o}", "planned_lives_in": "{s}打算搬到{o}",
    "planned_works_at": "{s}打算去{o}工作", "address": "{s}提供了详细住址", "identity_number": "{s}提供了身份证号",
    "phone": "{s}提供了联系方式", "card_number": "{s}提供了银行卡号", "bank_account": "{s}提供了银行账号",
    "credential": "{s}提供了密码或密钥", "medical_condition": "{s}提供了健康状况",
    "meeting_date": "{s}的会议在{o}", "checkup": "{s}的体检在{o}", "moving_date": "{s}搬家在{o}", "departure_date": "{s}{o}出发",
    "surgery_date": "{s}的手术在{o}", "exam_date": "{s}的考试在{o}", "gathering_date": "{s}的聚会在{o}", "interview_date": "{s}的面试在{o}",
    "wedding_date": "{s}的婚礼在{o}", "flight": "{s}的航班：{o}", "dog": "{s}的狗是{o}", "cat": "{s}的猫是{o}",
}


def render(d: Draft) -> str:
    """The draft as a short Chinese sentence ("用户住在杭州"); objects keep their wording."""
    p = d.predicate or ""
    template = _TEMPLATES.get(p)
    if template is None and p.startswith("has_"):
        template = "{o}是{s}的" + RELATION_LABELS.get(p.removeprefix("has_"), p.removeprefix("has_"))
    elif template is None and p.startswith("preferred_"):
        template = "{s}最喜欢{o}"
    elif template is None and p.startswith("quantity_"):
        template = "{s}的" + QUANTITY_LABELS.get(p.removeprefix("quantity_"), p.removeprefix("quantity_")) + "：{o}"
    when = next((f.partition(":")[2] for f in d.flags if f.startswith("when:")), "")
    text = (template or "{s} " + p + " {o}").format(s=d.subject_zh + when, o=d.object)
    if d.operation is Operation.forget:
        label = next((f.partition(":")[2] for f in d.flags if f.startswith("forget_label:")), d.object)
        return f"{d.subject_zh}要求忘掉{label}"
    if d.negated:
        text = f"并非：{text}"
    if d.hedge:
        text = text.replace(d.subject_zh, d.subject_zh + "可能", 1)
    if d.plan_time is not None:
        text += f"（{d.plan_time.date().isoformat()}起）"
    day = next((f.partition(":")[2] for f in d.flags if f.startswith("day:")), "")
    if day:
        text += f"（{day}）"
    if d.operation is Operation.end:
        text += "（已不再）"
    return text


RELATION_LABELS = {v: k for k, v in RELATIONS.items() if len(k) >= 2 and k not in COLLOQUIAL_RELATIONS}

# -- flags ----------------------------------------------------------------------------------
STRONG_HEDGES = re.compile(r"不太确定|不确定|可能|也许|或许|说不定|说不准|不一定|没准|未必|会不会|搞不好|弄不好|保不齐|指不定|兴许|"
                           r"(?<![A-Za-z])(?:[Mm]aybe|[Pp]erhaps|[Pp]ossibly)(?![A-Za-z])|(?:纠结|犹豫)(?:着)?(?:要不要|是否|该不该)")
MILD_HEDGES = re.compile(r"估摸|怀疑|好像|好象|大概|似乎|估计|貌似|应该|大约|差不多|(?<!你)猜|八成|十有八九|多半|(?<![A-Za-z])[Pp]robably(?![A-Za-z])")
CONFIRMS = re.compile(r"(?<!不)(?:确诊|确定|确认|证实|证明|果然|果真|公示(?:名单)?(?:已经)?(?:出来|下来)|(?:成绩|分数|名单|录取结果)(?:已经)?(?:出来|下来)了|手续(?:已经)?办(?:完|好|下来)了|查出|[测验]出|(?:上面|单子?上|报告上)?写(?:着|的是)(?=[^，,]{0,3}对)|(?:医生|大夫|医院)[^，,说]{0,4}?(?:说|讲)(?:了)?(?:我)?(?:就)?是(?=对)|检查结果|化验结果|结果出来|显示|表明|确实|诊断|(?<!没)定了|定下来|敲定|报告上|检测|化验|过敏原|(?<![不没])(?:可以|能)?肯定|"
                      r"(?:报告|单子|化验单|检查单|诊断书|片子)(?:已经)?(?:拿到|出来|下来)|拿到(?:了)?[^，,]{0,4}(?:报告|单子?|诊断书)|结论是|(?<!没)签(?:了|好了?)(?:约|合同|协议)|(?<!没)签约|合同(?:已经)?签|"
                      r"敲死|板上钉钉|落实了|通知(?:书)?(?:已经)?(?:收到|下来|到了|来了)|收到(?:了)?[^，,]{0,4}通知|批下来|(?:医生|大夫|医院)(?:已经)?(?:说|讲)(?:了|过)?(?:[，,]|$|我(?!可能|也许|或许|说不定)))")
#: A remark that something said was wrong: "说错了", "记混了", "刚才那句有误"; the remark names what was
#: said ("刚才有问题" alone is small talk).
SAID_WRONG = (r"(?:说|讲|写|打|记|搞|弄|填|算)(?:错|岔|反|混|成(?![都功绩长本熟立员为]))|口误|"
              r"(?:(?:刚才|刚刚|前面|之前|上面)(?:那条|那句|说的|讲的|写的)|上一条)(?:有误|有问题|不准确?|错了)")
_CORRECT = re.compile(SAID_WRONG + r"|更正|纠正|其实|不对|我(?:是说|说的是|指的是)(?!真的|实话|认真)|我没(?:有)?说(?:过)?(?=我)|刚才不对|我的意思是|准确(?:地|来)说|应该说")
_ENDED = re.compile(r"不再|已经不|已不|再也不|没再|早就不|不.{0,12}了$|已经没|戒了|戒掉|没(?:有)?(?:以前|之前|原来)?那么.{0,12}了$|"
                    r"没(?:有)?在.{1,12}了$|不(?:像|如)(?:以前|之前|原来|过去|从前)那么.{0,12}了$")
_PAST = re.compile(r"以前|之前|原来|原本|本来|曾经|(?<![搬走跑飞回拿送带开跳调转发寄传递交])过去|从前(?!端|台)|早先|原先|当初|小时候|年轻(?:的)?时(?:候)?|"
                   r"(?:上学|读书|上大学|念书)(?:的)?时(?:候)?|那时(?:候)?|早些年|以往|退休(?:之|以)?前")
_NOW = re.compile(r"现在|目前|如今|最近|这些天|近来|后来|长大(?:了)?(?:以后|之后|后)")
_PLAN_MODAL = re.compile(r"打算|计划|准备(?=.{0,4}?(?:去|搬|到|换|跳|入职|开始|考|学|读|辞|买|结|回|出国|参加|报|练|减|攒|存|养|申请|创业))|"
                         r"准备(?=下|明|年|要|在.{1,6}(?:工作|上班))|想要|想|将要|即将|要|会|得|需要|必须")
_LEAD = re.compile(
    r"^(?:嗯+|哦+|啊|对了|那个|说实话|另外|还有|而且|但是|但(?=我)|可是|只是|不过|然后|所以|因为|其实|顺便说一下|顺便|其实呢|好吧|对(?!(?!我)[^，,]{1,16}?(?:过敏|不耐受|感兴趣|兴趣|感冒|无感|不来电|抵抗力|腻|厌倦|厌烦|上瘾|着迷|反感|热情))|是的|"
    r"(?:上次|之前|刚才|刚刚|刚|前面)(?:我)?(?:说|讲|提)(?:过|到)?(?:的)?|不好意思|抱歉|刚才|我说错了|说错了|更正一下|纠正一下|更正|纠正|不对|不是的|而|我的意思是|准确(?:地|来)说|应该说|换句话说|等等|"
    r"我?(?:觉得|记得|感觉|印象中|印象里|听说|发现|猜)(?=我))[，,\s]*")
# Adverbs and modals between the subject and the verb; stripped one by one, each noted.
_ADVERB_WORDS = [
    "已经", "还(?!信用卡|钱|款|贷|房贷|车贷|花呗|借呗|债|书|车)", "也", "都", "就(?!职)", "又", "一直", "正在", "主要", "平时", "平常", "经常", "常常", "总是", "特别", "非常", "很",
    "挺", "超级", "超", "真的", "确实", "其实", "本来", "自己", "目前", "现在", "如今", "最近", "以前", "之前", "原来", "原先", "曾经",
    "后来", "刚刚", "刚才", "刚", "终于", "马上", "今年", "真", "蛮", "一般", "偶尔", "都是", "比较", "还是", "可能", "也许", "或许",
    "说不定", "大概", "好像", "好象", "似乎", "估计", "貌似", "应该", "确认了", "确认", "不再", "再也不", "已不", "没再",
    "没准儿", "没准", "说不准", "搞不好", "弄不好", "保不齐", "指不定", "兴许", "(?:[Mm]aybe|[Pp]erhaps|[Pp]robably|[Pp]ossibly)(?![A-Za-z])", "有可能", "会不会", "不一定", "未必", "开始", "反而", "倒是", "居然", "竟然", "反倒", "基本上", "基本", "只(?=用)", "渐渐", "慢慢", "越来越", "逐渐", "其实是", "就是", "更加",
    "人(?=在)", "被", "从小(?=就|到大|便)", "一向", "向来", "天生", "生来", "打小(?=就)", "(?:巨|贼|可|老|怪|相当|十分|极其)(?=喜欢|爱|讨厌|烦|怕|受不了|迷|反感)", "实在", "真心", "死活", "打心(?:底|眼)里?", "发自内心地?", "由衷地?", "怎么也(?=[不没]|[吃喝看听学][不没])", "咋也(?=[不没]|[吃喝看听学][不没])", "正好", "刚好", "恰好", "(?:上次|之前|刚才|前面)(?=说|讲|写|打|填|记)", "这(?=就是对|是对)", "一直以来", "特(?=爱|喜欢|讨厌|想)", "最(?=(?:烦|怕|反感|受不了)(?!的))", "好(?=喜欢|爱|讨厌)",
    "呢(?=就|在|是|也|还|现在|目前)", "果然是(?=对|在|有)", "果然", "果真是(?=对|在|有)", "果真", "估摸着", "估摸", "八成", "十有八九", "多半", "正式", "忙着", "说(?:过)?(?=我|在|住)", "(?:感觉|觉得)(?=自己|我)", "是(?=真|挺|很|特别|非常|超)", "大概率", "怀疑自己是", "怀疑自己", "怀疑是", "怀疑", "猜", "有点儿?", "差不多", "大约",
    "一个人(?=[住在去过])", "独自", "日常", "天天(?=用|使用)", "平日", "很久", "好久", "好多年", "好几年", "第一次", "头一回", "头一次", "第一回", "又", "再次", "应该是(?=搬|去|来|回|在|要|会|对|有|住|考|换|跳|辞)", "可能是(?=搬|去|来|回|在|要|会|对|有|住|考|换|跳|辞)", "大概是(?=搬|去|来|回|在|要|会|对|有|住|考|换|跳|辞)", "估计是(?=搬|去|来|回|在|要|会|对|有|住|考|换|跳|辞)", "八成是(?=搬|去|来|回|在|要|会|对|有|住|考|换|跳|辞)", "多半是(?=搬|去|来|回|在|要|会|对|有|住|考|换|跳|辞)",
    "被公司", "被单位", "被领导", "被老板", "一点都", "一点也", "一点儿也", "根本", "完全", "压根", "从来", "刚好", "原本", "小时候", "早些年", "以往",
    "(?:上学|读书|上大学|念书|年轻)(?:的)?时(?:候)?", "那时(?:候)?", "退休(?:之|以)?前", "长大(?:了)?(?:以后|之后|后)",
    "百分之?百", "当初", "老早就不", "老早就", "老早", "早就不", "早就", "彻底", "一共", "总共", "更(?=想|愿意|喜欢|爱|偏爱|习惯|倾向)", "打算(?!的|中)", "计划(?!的|中|被|赶|泡汤|有变|取消|没|不|是|很|太|书|表)", "想要(?!的)", "将要", "即将", "预计", "争取", "决定(?:了)?(?=[^，,的了]{2})", "安排(?:了)?(?=去|到|回|搬|参加|见)",
    "抽空", "抽个?时间", "找个?时间", "(?:下班|放学|回家|出门)?(?:顺路|顺道|顺便)(?=要|得|去|把|给)", "赶紧", "赶快", "尽快", "抓紧(?:时间)?", "(?:这次|这回)(?=换|改|搬|用|买|跳)",
    "(?:记得|别忘了?)?(?:提醒|叫)(?:一下)?我(?:一下)?(?=去|给|把|带|交|买|打|帮|关|锁|充|还|取|拿|预约|跟|和|回|约|续|换|修|转|寄|发|缴|办)",  # "提醒我明天交水电费": an errand to be reminded of
    "(?:记得|别忘了?)(?=去|给|把|带|交|买|打|帮|关|锁|充|还|取|拿|预约|跟|和|回|约|续|换|修)(?![^，,]*过|[^，,]*了[^，,])",  # "记得给我妈打个电话": an errand
    "(?:正|还|也|一直)?在?考虑(?:着)?(?:(?:要不要|是否|是不是|要)?(?=[\u4e00-\u9fffA-Za-z][^，,。！!？?]{2})|(?=[\u4e00-\u9fff]{2}$))(?!一下|下|考虑|清楚|好|这|那|得|过|了|的|问题)",  # "在考虑要不要读个 MBA" / "在考虑辞职": a plan not made yet
    "在纠结(?:着)?(?:要不要|是否|该不该)(?=[\u4e00-\u9fffA-Za-z])", "纠结(?:着)?(?:要不要|是否|该不该)(?=[\u4e00-\u9fffA-Za-z])",
    "在犹豫(?:着)?(?:要不要|是否|该不该)(?=[\u4e00-\u9fffA-Za-z])", "犹豫(?:着)?(?:要不要|是否|该不该)(?=[\u4e00-\u9fffA-Za-z])",
    "要不要(?=[\u4e00-\u9fffA-Za-z]{2})",  # "在纠结要不要学日语" / "想着要不要报个班": weighed, not decided
    "手头(?:上)?(?=在|正在|忙|赶)", "手上(?=在|正在|忙|赶)",
    "想着", "计划着", "打算着", "寻思着?", "琢磨着?", "回头(?=我|要|想|再|去|记得|得|把|给)", "等(?!等|一下|会儿?|下)[^，,就再]{2,12}?(?:了|以后|之后|后)?(?:我|我们)?(?:就|再)", "过阵子", "过段时间", "过些日子", "改天", "将", "要(?!个|一个|的)", "开春", "会(?!议|员|长|场|所|谈|诊)", "以后(?=想|要|打算|准备|会)", "(?:往后|以后|今后|从此|从今往后|从今以后)(?:就|便|都)(?=在|是|做|当|住|用)(?!(?:在|住|用|是|做|当)(?:在)?(?:这|那|哪))", "将来", "今后", "能(?=[\u4e00-\u9fff])", "得", "需要", "必须", "正", "一起",
    "不确定自己是不是", "不确定自己是否", "不确定是不是", "不确定是否", "不确定有没有", "不确定", "不太确定自己是不是",
    "不太确定是不是", "不太确定", "确定自己是", "确定自己", "确定是", "确定",
    "准备(?=(?:专心|好好|认真|全力|正式|先|再|也|一心)?(?:就|去|搬|到|换|跳|入职|开始|考|学|读|辞|买|结|回|出国|参加|报|练|减|攒|存|养|申请|创业|退|离|生|装修|办|开|带|把|在.{1,6}(?:工作|上班)))", "想(?!念|的|过|家|你|他|她|它|死|要的)",
    "在(?!学校|学院|学堂|学生会|读书会|看守所)(?=准备|忙|做|写|开发|自学|进修|学|赶|处理|排查|搞|看|找|修|改|研究|弄|整理|复习|练|用|读|考|调|申请|装修|筹备|策划|带|跑|搬|刷题|刷[^，,]{0,12}题|背单词|啃|备考|"
    "吃|服用|给|帮|陪|替|为)",
]
# Adverbs and modals between the subject and the verb; stripped one by one (longest first), each noted.
_ADVERBS = re.compile("^(?:" + "|".join(sorted(_ADVERB_WORDS, key=lambda w: -len(w.split("(")[0]))) + ")")


@dataclass
class ReadClause:
    """A clause with its colouring lifted off: ``core`` is what the relation patterns see."""

    text: str
    core: str
    subject: str = "user"
    subject_zh: str = "用户"
    relation: str | None = None
    name: str | None = None
    explicit_subject: bool = False
    times: list[TimeSpan] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)
    hedge: str | None = None
    reference: datetime = datetime.min


#: A weekday said bare (no 上/这/下), an act of going out or taking part, and the marks of an act done.
_BARE_WEEKDAY = re.compile(r"(?<![上这下本])(?:周|星期|礼拜)[一二三四五六日天]")
_OUTING_ACT = re.compile(r"去|参加|带|陪|约|回|见|赴|飞")
_DONE_ASPECT = re.compile(r"[了过完]|刚|已经|那天|那次|的时候|的$|每|都|一般|通常|经常")
#: How an outing went, said after it: "周日带儿子去科技馆，他玩得特别开心" is one that took place.
_OUTING_WENT = re.compile(r"累死|累坏|累瘫|开心|玩得|好玩|尽兴|过瘾")


def read(text: str, reference: datetime, prefer_future: bool = False, correcting: bool = False,
         sentence: str = "") -> ReadClause:
    """Lift times, hedges, endings and modals off ``text`` and find its subject (``sentence``: the whole
    sentence it is part of, where the marks of an outing done may be said in another clause)."""
    flags: set[str] = set()
    if _CORRECT.search(text) or (correcting and text.startswith("应该是")):  # "应该是广州，不是深圳"
        flags.add("correct")
    if re.match(r"^(?:我)?(?:刚才|之前|上次|前面|刚刚|刚)(?:我)?(?:说|讲|写|提)(?:的是|过|到)?", text):
        flags.add("said_before")  # "我刚才说我在顺丰，其实是在中通": the value said before
    hedge = "strong" if STRONG_HEDGES.search(text) else "mild" if MILD_HEDGES.search(_APPROXIMATE.sub("", text)) else None
    if hedge == "mild" and ("correct" in flags or correcting) and not MILD_HEDGES.search(re.sub(r"应该(?:是)?", "", text)):
        hedge = None  # "说错了，应该是28岁" / "今年应该三十六，前面算错了" corrects; it does not hedge
    if CONFIRMS.search(text) and not STRONG_HEDGES.search(text):
        flags.add("confirmed")
        hedge = None if not MILD_HEDGES.search(text) else hedge
    plain = re.sub(r"说不定|不一定|不太确定|不确定|不耐受|离不开|[受吃喝忍少离免睡错跑]不了|戒不[掉了]|[\u4e00-\u9fff]不动|不得了|大不了", "", text.rstrip("。！!～~…").strip())
    if _ENDED.search(plain):
        flags.add("ended")
    if _PAST.search(text):
        flags.add("past")
    if _NOW.search(text):
        flags.add("now")
    still = re.search(r"(?:去年|前年|上个?月|上半年|年初|那时|那会儿?)(?:我)?还(?=在|是|住|用|做|干)", text)
    if still:
        flags.update({"past", "still"})  # "去年还在深圳，现在在东莞": the value before the change, dated or not
    text = re.sub(r"(?<=\d[年月])\s+(?=\d)", "", re.sub(r"(?<=\d)\s+(?=[年月日号岁])", "", text))  # "2021 年", "11 月 20 号"
    modal_text = _NOT_MODAL.sub("", text)
    future = prefer_future or (bool(_PLAN_MODAL.search(modal_text)) and bool(re.search(r"打算|计划|准备|要|会|将|想|得(?!了)|必须|需要", modal_text))) \
        or bool(_UNDONE_MOVE.search(text) and not re.search(r"[了过]", text)) \
        or bool(hedge == "strong" and re.search(r"(?<![过回])去(?!年|过|世)|回(?!来了|去了)|飞", text) and not re.search(r"[了过的]", text))
    # "我八月搬到大连" / "暑假可能去云南": not done yet
    future = future or bool(_BARE_WEEKDAY.search(text) and _OUTING_ACT.search(text) and not _DONE_ASPECT.search(text)
                            and not _DONE_ASPECT.search(sentence) and not _OUTING_WENT.search(sentence))
    # "周六跟朋友去爬香山" / "周日上午带儿子去科技馆": a bare weekday and an outing with no 了 is the coming one
    times = find_times(text, reference, "future" if future else "past")
    liking = re.search(r"喜欢|爱|讨厌|偏爱|习惯|享受", text)
    habitual: list[TimeSpan] = []
    if liking:  # "喜欢晚上干活": a habit's time is part of what is liked; "周末我最享受…": when, not a date
        habitual = [t for t in times if t.begin_char < liking.start() and _HABIT_TIME.fullmatch(t.text)]
        times = [t for t in times if not (t.begin_char >= liking.end() and _HABIT_TIME.fullmatch(t.text))]
    if _PAST.search(re.sub(r"(?<=[一二三四五六日天末])(?:之前|以前)", "", text)):  # "以前周末爱宅着": a habit's day, not a date
        times = [t for t in times if not _HABIT_TIME.fullmatch(t.text)]
    core = text
    for span in sorted(times, key=lambda s: -s.begin_char):
        after = re.match(r"(?:之前|以前|前|之内|以内|内)(?![往去面])", core[span.end_char:])  # "这周五前要交报告": a deadline
        if after:
            flags.add("deadline")
            if span.text.endswith("周末") and span.start is not None:  # "周末之前交物业费": due before the weekend begins
                times = [t.model_copy(update={"start": span.start - timedelta(days=1), "end": span.start}) if t is span else t
                         for t in times]
        else:  # "春节的时候回了趟老家": the time's own tail
            after = re.match(r"(?:的时候|那时候|那会儿?|期间|那天晚上|那天|当天|那晚)", core[span.end_char:])
            # "今天起瑜伽课不上了": 起 after a day, before a stop, is from then on (not 起床, 起来, 起飞)
            after = after or re.match(r"起(?![床来身飞步草码诉跑点])(?=[^，,]*不[^，,]{1,4}了)", core[span.end_char:])
        core = core[:span.begin_char] + core[span.end_char + (after.end() if after else 0):]
    if re.search(r"(?:周末|平时|晚上|早上|下班后|放学后|每(?:天|周|个?月|个?星期|逢[^，,]{1,3}))[^，,]{0,2}(?:都|经常|常常|总|一般|老)", text):
        flags.add("habitual")  # "周末都去公园玩": what one does as a rule, not an outing on a date
        habitual += [t for t in times if _HABIT_TIME.fullmatch(t.text)]
    times = [t for t in times if t not in habitual]
    if "deadline" in flags and not _PAST.search(core):
        flags.discard("past")  # "周五之前得…": a deadline, not the past
    core = re.sub(r"[。！!？?～~…\s]+$", "", core).strip()
    core = re.sub(r"(?:(?<![酒网贴氧书])吧|啊|呀|呢|哦|啦|嘛|哈)+$", "", core).strip()  # sentence-final particles
    certain = re.search(r"(?<=[\u4e00-\u9fffA-Za-z])(?:这事|这个|这件事|这点)?(?:是)?(?:没跑了?|跑不了|错不了|没错了?|无疑了?|板上钉钉了?|是肯定的|是确定的|是真的|准没错|假不了|坐实了?|实锤了?|确凿无疑)$", core)
    if certain and not STRONG_HEDGES.search(text):  # "我对小麦过敏没跑了": said as certain
        flags.add("confirmed")
        hedge = None
        core = core[:certain.start()]
    core = re.sub(r"(?<=[\u4e00-\u9fff])\s+(?=\d)|(?<=\d)\s+(?=[\u4e00-\u9fff])", "", core)  # "体重 68 公斤"
    core = re.sub(r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])", "", core)  # "是 出生的": a time lifted off between spaces
    core = re.sub(r"^(?:在|于|从)(?=我)", "", core)  # "在上个月我…" leftovers
    condition = re.match(r"^等[^我，,]{1,10}?(?:了|以后|之后|后|的时候)(?=我)", core)  # "等有空了我想…": the condition
    if condition:
        core = core[condition.end():]
        if re.match(r"我(?:们)?(?:就|再)", core):
            flags.update({"later", "will"})  # "等毕业了我就回成都": a plan on a condition to come
    # "我是说上海，不是北京": the value meant; "我是说我的狗叫咪咪": the statement meant
    core = re.sub(r"^我(?:是说|说的是|指的是)(?!真的|实话|认真)(?P<me>(?=我))?", lambda m: "" if m["me"] is not None else "是", core)
    while True:
        stripped = _LEAD.sub("", core, count=1)
        if stripped == core:
            break
        core = stripped
    core = _guess_first(_duty_first(core))
    if correcting and ((is_place(core) and len(core) <= 6 and not re.search(r"[的了挺很太真好吗呢吧啊呀我你他她是不没说在]", core)) or re.fullmatch(r"\d{1,3}岁?|[A-Za-z][\w.+#-]*(?: [\w.+#-]+)?", core)):
        core = "是" + core  # "不对，苏州" / "口误，34": a value alone after a correction is the one meant
    core = _ENGLISH_LIKING.sub(lambda m: "我" + _ENGLISH_LIKING_VERBS[m["v"].lower()], core, count=1)
    compared = _COMPARED.match(core)
    if compared:  # "猫和狗比起来我更喜欢猫" / "相比自驾，我更倾向坐高铁": the one preferred
        flags.add("more")
        core = core[compared.end():]
    core = _ONLY_TOPIC.sub("", core, count=1)  # "喝咖啡我只喝美式": the kind named before 只
    settled = _SETTLED.match(core)
    if settled:  # "搬去重庆的事已经敲死了": the plan named, and settled
        flags.update({"confirmed", "plan"})
        hedge = None
        core = settled["act"]
    core = _topicalised(core)
    favourite = _FAVOURITE_AFTER.match(core)
    if favourite and favourite["v"] in ("最大", "唯一", "平时"):  # "听相声是我最大的爱好"
        core = f"我的{favourite['cat']}是{favourite['o']}" if favourite["cat"] in ("爱好", "兴趣", "兴趣爱好") else core
    elif favourite:  # "羽毛球是我最喜欢的运动" -> "我最喜欢的运动是羽毛球"
        core = f"我{favourite['v']}的{favourite['cat']}是{favourite['o']}"
    core = _COMPANION.sub("", core, count=1)
    core = _TOOL_FOR.sub(lambda m: "我" if m.group().startswith("我") or "我" in m.group() else "", core, count=1)
    deadline = re.match(r"^(?:下班|放学|睡觉|睡前|出门|开会|吃饭)(?:之前|以前|前)", core)
    if deadline:  # "今天下班前得把方案发给客户": due before then
        flags.add("deadline")
        core = core[deadline.end():]
        if not times and re.search(r"(?<!记)得|要|必须|需要|务必", core):  # "下班前得把周报发了": due today
            day = reference.replace(hour=0, minute=0, second=0, microsecond=0)
            times = [TimeSpan(text=deadline.group(), kind=TimeKind.point, start=day, end=day + timedelta(days=1))]
    domain = _STYLE_TOPIC.match(core)
    if domain:  # "穿衣服我喜欢宽松一点的" / "装修我偏爱北欧风": a liking of a style
        flags.add("style")
        core = (domain["pre"] or "") + core[domain.end():]
    occasion = _OCCASION.match(core)
    if occasion and not _PAST.fullmatch(occasion["t"]):  # "放假我最喜欢去海边": when, not what
        core = core[occasion.end():]
    field_topic = re.match(r"^(?P<cat>[^我，,]{1,4}?)(?:里面|里头|当中|方面|里|中)(?=我)", core) or _TOPIC_BEFORE_CHANGE.match(core) \
        or _THING_CHANGED.match(core) \
        or re.match(r"^(?:说到|至于|论)?(?P<cat>[^我，,]{1,6}?)(?:的话|来说|而言)[，,]?(?=我(?!们))", core) or _FIELD_THEN_LIKING.match(core)
    if field_topic:  # "运动里我最喜欢游泳": the category the favourite is of
        flags.add("topic:" + (field_topic.groupdict().get("cat") or field_topic["said"]))
        core = core[field_topic.end():]
    liked_topic = None if field_topic else _LIKING_TOPIC.match(core)
    if liked_topic and not (_PAST.fullmatch(liked_topic["cat"]) or _NOW.fullmatch(liked_topic["cat"]) or DEICTIC.match(liked_topic["cat"])):
        flags.add("topic:" + liked_topic["cat"])  # "旅行我喜欢一个人慢慢逛": the field the liking is in
        core = core[liked_topic.end():]
    core = re.sub(rf"^(?:而|其实|应该)?是(?=(?:我|咱)(?:的|家的?)?(?:{RELATION_WORDS}))", "", core)  # "是我哥在成都，不是我弟": who it is about
    now_at = re.fullmatch(r"(?P<at>(?:我)?(?:现在|目前|如今)?(?:已经|也)?在(?P<p>[^，,了]{2,8}))了", core)
    if now_at and is_place(now_at["p"]) and "now" in flags:
        core = now_at["at"]  # "现在在东莞了": where one is now, as "现在在东莞" says it
    clause = ReadClause(text=text, core=core, times=times, flags=flags, hedge=hedge, reference=reference)
    _modals(clause)  # "以前我喜欢…": adverbs may stand before the subject too
    _subject(clause)
    _modals(clause)
    if clause.explicit_subject and clause.subject == "user" and re.match(r"^我(?!们)", clause.core):
        _subject(clause)  # "我确定我对芝麻过敏": the subject said again after a modal
        _modals(clause)
    clause.core = _ONLY_TOPIC.sub("", clause.core, count=1)  # "我喝咖啡只喝美式"
    return clause


# "年薪大概四十万" / "体重大约六十公斤": an amount given roughly, not a hedge on the fact
_APPROXIMATE = re.compile(r"(?:大概|大约|差不多)(?=(?:有|是|在|要|能)?(?:[看读睡花赚挣存攒跑走游骑喝吃抽还交付]了?)?\s*(?:" + NUMBER + r")(?:来|多|几)?\s*(?:[万千百kKwW]|块|元|公斤|斤|千克|kg|公里|米|"
                          r"本|个?半?小时|个?半?钟头|分钟|次|杯|步))")
# "I really love 日料": an English liking verb before Chinese words
_ENGLISH_LIKING = re.compile(r"^(?:I\s+)?(?:really\s+|totally\s+|just\s+|kinda\s+|do\s+)?(?P<v>love|like|enjoy|prefer|hate|dislike)\s*(?=[\u4e00-\u9fff])", re.I)
_ENGLISH_LIKING_VERBS = {"love": "爱", "like": "喜欢", "enjoy": "喜欢", "prefer": "更喜欢", "hate": "讨厌", "dislike": "不喜欢"}
_COMPARED = re.compile(r"^(?:比起|相比(?:于|起)?|和|跟|与)?[^，,我]{1,12}?(?:比起来|相比(?:之下|较而言|起来)?|比较起来|对比起来)(?:的话)?[，,]?(?=我(?!们))|"
                       r"^(?:比起|相比(?:于|起)?|与其)[^，,我]{1,12}?[，,]?(?=我(?!们))")
_ONLY_TOPIC = re.compile(r"^(?:喝|吃|看|听|玩|抽)?[^，,只我]{1,4}?(?:的话|呢)?[，,]?(?=(?:我(?!们))?(?:一般|基本上?|平时|都|就|向来|一向)*只(?:喝|吃|看|听|玩|抽))")
_SETTLED = re.compile(r"^(?P<act>(?:搬(?:去|到|回)|调(?:去|到)|去|回|入职|跳槽(?:去|到)?)[^，,]{2,10}?)(?:的事(?:情|儿)?|这件事|这事儿?)(?:已经|终于|总算|基本|都|也)*"
                      r"(?:定了|定下来了|敲定了|敲死了|落实了|板上钉钉了?|搞定了|办好了|批下来了|确定了|确认了|定死了)$")
_LIKING_TOPIC = re.compile(r"^(?P<cat>[^\W\d_A-Za-z是的在把对跟和里中我]{2,4}?)(?:的话|呢|方面|上)?[，,]?(?=我(?!们)(?:也|都|就|一般|平时|比较|更|最|还是|特别|很|挺|超|蛮)*"
                           r"(?:喜欢|偏爱|爱|讨厌|不喜欢|偏向|倾向|习惯)[^，,]{2})")
_UNDONE_MOVE = re.compile(r"搬|入职|报到|跳槽|调到|调去|去[^，,]{1,10}(?:上班|工作|报到|入职|读书|上学|留学|读研|读博)")
_NOT_MODAL = re.compile(r"(?:那|这|一|待|等)会儿?|开会|会议|聚会|晚会|年会|学会|机会|社会|会员|会长|协会|工会|展会|运动会|音乐会|演唱会|发布会|博览会|读书会")
_HABIT_TIME = re.compile(r"周末|晚上|早上|上午|下午|中午|傍晚|凌晨|(?:周|星期|礼拜)[一二三四五六日天]")
# "羽毛球是我最喜欢的运动": the favourite said first
_FAVOURITE_AFTER = re.compile(r"^(?P<o>[^，,我]{1,12}?)是我(?P<v>最喜欢|最爱|最讨厌|最不喜欢|最常用|喜欢|最大|唯一|平时)的(?P<cat>[\u4e00-\u9fff]{0,5})$")
# "和朋友去看了场电影" / "带孩子去了长沙": who came along is no part of what was done
_COMPANION = re.compile(r"^(?:和|跟|与|带着?|陪着?)(?:我的?)?[^，,去看参到回飞逛爬吃搬住在是]{1,6}?(?:一起|一块儿?)?(?=去|到|看|参加|回|飞|逛|爬)")
# "早餐我从豆浆换成了牛奶": the domain a change is in, said before the speaker
_TOPIC_BEFORE_CHANGE = re.compile(r"^(?P<cat>[\u4e00-\u9fff]{1,4}?)(?=我(?!们)(?:已经|现在|都|也|就)?(?:从|改|换|变)|"
                                  r"(?:已经|现在|都|也|就)?从[^，,我]{1,10}?(?:换成|改成|变成|换到|改用|换了))")
# "手机换成了小米14" / "车换成了电车": a thing one uses or drives, then the one it was replaced by
_THING_CHANGED = re.compile(r"^(?:我的|我)?(?P<cat>(?:(?![把我])[\u4e00-\u9fffA-Za-z]){0,4}?(?:手机|电脑|笔记本|输入法|浏览器|编辑器|系统|耳机|相机|平板|"
                            r"手表|键盘|显示器|主力机|车|座驾))(?=(?:已经|现在|也|都|又|终于)?(?:换成|改成|升级成|升级到|换到)了?[^，,]{2,12}$)")
_LIKE_VERB = r"(?:我(?!们))?(?:也|都|就|一般|平时|比较|更|最|还是|特别|很|挺|超|蛮)*(?:喜欢|偏爱|偏好|爱(?!奇艺|彼迎)|钟爱|喜爱|讨厌|不喜欢|怕|最怕)"
# "音乐方面最爱爵士" / "说到运动，最喜欢羽毛球": the field a liking is in, then the liking with the speaker left out
_FIELD_THEN_LIKING = re.compile(r"^(?:(?:说到|至于|提到|讲到)(?P<said>[^我你他她，,]{1,6}?)(?:的话|来说)?[，,]|(?P<cat>[^我你他她这那，,]{1,5}?)"
                                r"(?:里面|里头|当中|方面|上面|的话|来说|而言))[，,]?(?=" + _LIKE_VERB.replace("(?:我(?!们))?", "", 1) + ")")
_STYLE_TOPIC = re.compile(r"^(?P<pre>以前|之前|原来|现在|平时|小时候|我)?(?:穿衣服|穿衣|穿搭|穿着|衣服|打扮|装修|家里装修|装修风格)(?:的话|上|方面|呢)?[，,]?(?=" + _LIKE_VERB + ")")
_OCCASION = re.compile(r"^(?P<t>[\u4e00-\u9fff]{2,4}?)(?:的时候|时|的话|呢)?[，,]?(?=我(?!们)(?:也|都|就|一般|平时|比较|更|最|还是|特别|很|挺|超|蛮)*"
                       r"(?:喜欢|偏爱|爱|讨厌|不喜欢|最怕)(?:去|在|到|吃|喝|看|听|玩|做|待))")
# A liking's object said before the speaker: "榴莲我是真吃不来", "香菜我一直不爱吃"
_TOPIC = re.compile(r"^(?P<topic>[\u4e00-\u9fffA-Za-z][\u4e00-\u9fffA-Za-z ]{0,7}?)(?:的话|呢|啊|嘛)?"
                    r"(?P<rest>(?:我(?!们))?(?:是|也|真|实在|真的|一直|从来|根本|都|就|一点|特别|非常|很|挺|超|最|还|已经|早就|早|基本|很久|好久|好几年|好多年|死活|怎么也|咋也)*"
                    r"(?:吃不来|吃不惯|喝不惯|吃不下去?|喝不下去?|[看听]不(?:进|下)去?|受不了|接受不了|不喜欢|不爱吃|不爱喝|不爱|喜欢|爱吃|爱喝|爱|偏爱|钟爱|讨厌|不(?:太|怎么)?感冒|"
                    r"戒掉|戒了|戒|改掉了|辞掉|辞|卸载了|卸了|删了|退了|退出了|(?<![外买拍])卖掉了|(?<![外买拍])卖了|转手了|扔了|不(?:再)?(?:抽|喝|吃|玩|碰|踢|打|看|追|练|用|去|上|学|听|刷|跳|弹|养|干|开|跑|做)))"
                    r"(?:(?:快|已经|都|有|将近|差不多)?(?:" + NUMBER + r"|半|几)(?:个)?(?:多)?(?:年|月|天|周|星期)(?:多)?)?(?P<tail>了|的)?$")
# who a clause is about: "我同事小王", "我好朋友 Lisa", or a relation named with a name and no 我 ("室友阿杰")
#: Trades named by what one delivers, drives or sells ("外卖", "滴滴", "地摊"): data (``changes`` reads a new one).
TRADE_WORDS = r"快递|外卖|网约车|滴滴|出租车?|货拉拉|代驾|地摊|保险|房产|二手车|微商|代购|直播"
#: Work named by what one delivers, drives or sells ("送外卖", "跑滴滴", "摆地摊"); stopping it ends the job.
TRADE_ACT = re.compile(r"^(?:送|跑|开|摆|卖|做|干)(?:" + TRADE_WORDS + r")$")
#: A workplace at the head of a clause ("公司从朝阳搬到了亦庄"): its move says where the user works, as 我们公司 does.
_WORKPLACE_HEAD = re.compile(r"^(?:我的?|咱)?(?:公司|单位|办公室|工作室|门店|总部)(?:已经|也|又|终于|整体|都)*(?=从|搬|迁|上个?月|去年|今年)")
_SUBJECT = re.compile(rf"^(?:(?:(?:我们|咱们|我|咱)(?:的|家的?)?|(?=(?:{_CLOSE})?(?:{RELATION_WORDS})\s?(?!{_NOT_NAME})(?:{_NAME}))|(?=(?:{BARE_KIN})(?![们的])))(?:一个|一位|个|位)?(?:{_CLOSE})?(?P<rel>{RELATION_WORDS})\s?(?P<name>(?!{_NOT_NAME}){_NAME})?|(?P<me>(?:一家人|全家人?|一家三口|一家子)|(?:我们|咱们)(?:全家|一家[三四五六]口|一家人?|一家子|家|俩|两个|组|团队|部门|项目组|小组|公司|单位|全组|班|学校)?|我(?:和|跟|同)(?:我的?)?(?:{RELATION_WORDS})(?:{_NAME})?(?:一起|俩|两个)?(?=[^，,])|我(?:这人|这个人)?|咱|本人))")


# "烧烤这种东西我一向不感冒" / "看恐怖片我是真的不行": no taste for a thing named first
# never tiring of a thing or missing none of it: "百看不厌", "一集不落", "每期必看"
FOND_IDIOM = (r"百[听看吃玩读喝刷]不(?:厌|腻)|怎么(?:[听看吃玩喝刷])?都(?:[听看吃玩喝刷])?不(?:腻|厌|够)|[听看吃玩喝刷](?:多少遍|几遍)?都不(?:腻|厌)|[听看吃玩喝刷]不腻|"
              r"一(?:集|期|场|部|季|首|本|回|章|话)(?:都|也)?(?:不|没)(?:落|落下|拉下|错过|漏|漏掉|放过)(?:过)?(?:地(?:追|看|听|刷|读)(?:完|过|着)?)?|(?:集集|期期|场场|部部|本本)(?:不落|必看|必追|都看)|"
              r"每(?:集|期|场|部|季|本|首)(?:都)?必(?:看|追|听|买|刷|读)|乐此不疲")
_TOPIC_INTEREST = re.compile(r"^(?P<topic>[\u4e00-\u9fffA-Za-z][\u4e00-\u9fffA-Za-z ]{0,7}?)(?:这种东西|这类东西|这东西|这种事|这玩意儿?|这种|这类)?"
                             r"(?:的话|呢|啊|嘛)?[，,]?我(?!们)(?P<adv>(?:是|也|真|实在|真的|一直|一向|向来|从来|根本|都|就|完全|压根|确实|已经|早就|基本上?|几乎)*)"
                             r"(?P<v>不(?:太|怎么)?感兴趣|没(?:什么|啥|多大)?兴趣|提不起兴趣|无感|不来电|不(?:太|怎么)?感冒|(?P<cannot>不行|受不了|接受不了)|(?P<averse>一(?:闻|看|吃|听|喝|想到|提到|碰|见)(?:到)?就(?:想吐|恶心|头疼|头大|反胃|犯困|烦|难受|起鸡皮疙瘩))|(?P<fond>" + FOND_IDIOM + r"))(?P<tail>了)?$")


def named_subject(text: str) -> tuple[str, str] | None:
    """The relative a clause opens with ("去年我爸确诊了…" -> ("user's father", "用户的爸")); None for the user."""
    said = re.sub(r"^[^我，,]{0,6}?(?=我)", "", text)
    m = _SUBJECT.match(said)
    if m is None or not m["rel"]:
        return None
    after = None if m["name"] else name_after(said[m.end():])
    name = m["name"] or (re.sub(r"\s", "", after["n"]) if after else None)
    if name:
        return name, name
    return f"user's {RELATIONS[m['rel']]}", f"用户的{m['rel']}"


#: The body and the purse, which "受不了" speaks for ("腰实在受不了"): no thing disliked.
_BODY = re.compile(r"(?:腰|胃|肚子|肠胃|身体|眼睛|嗓子|喉咙|膝盖|颈椎|腰椎|腿|脚|肩膀|头|脑袋|心脏|肝|皮肤|牙|耳朵|脖子|钱包|心|神经|体力)$")
_AVERSION = re.compile(r"(?:是|也|真|实在|真的|一直|从来|根本|都|就|一点|特别|非常|很|挺|超|最|还)*"
                       r"(?:吃不来|吃不惯|喝不惯|吃不下去?|喝不下去?|[看听]不(?:进|下)去?|受不了|接受不了|不(?:太|怎么)?感冒)")


def _averse_to_a_thing(topic: str, rest: str) -> bool:
    """ "恐怖片真的受不了" / "香菜是真吃不惯": an aversion said with the speaker left out, to a thing (a noun);
    "热得受不了" / "这个受不了" name none."""
    if not _AVERSION.fullmatch(rest) or DEICTIC.match(topic) or re.search(r"[我把对你他她]", topic) or _BODY.search(topic):
        return False
    words = tagged_words(topic)
    return bool(words) and (words[-1][1].startswith("n") or words[-1][1] in ("eng", "vn")) and words[0][1] not in ("r", "t")


def _topicalised(core: str) -> str:
    """ "榴莲我是真吃不来" -> "我是真吃不来榴莲": a liking's object said before the speaker."""
    won = re.fullmatch(r"(?P<o>[^，,我你他她这那]{1,8}?)(?:我)?(?:是|也|现在|彻底|已经|果然|直接)*(?:真香|真的香)(?:了)?", core)
    if won and not (DEICTIC.match(won["o"]) or _PAST.fullmatch(won["o"]) or _NOW.fullmatch(won["o"])):
        return f"我喜欢{won['o']}"  # "螺蛳粉真香" / "榴莲我是真香了": won over
    m = _TOPIC_INTEREST.match(core)
    if m and m["averse"] and not (DEICTIC.match(m["topic"]) or re.search(r"[我把对你他她]", m["topic"])):
        return f"我讨厌{m['topic']}"  # "榴莲这东西我一闻就想吐": a strong dislike
    if m and m["fond"] and not (DEICTIC.match(m["topic"]) or re.search(r"[我把对你他她]", m["topic"])):
        return f"我喜欢{m['topic']}"  # "周杰伦的歌我百听不厌": never tired of it
    if m and not (_PAST.fullmatch(m["topic"]) or _NOW.fullmatch(m["topic"]) or _ADVERBS.fullmatch(m["topic"])
                  or _LEAD.match(m["topic"]) or DEICTIC.match(m["topic"]) or re.search(r"[我把对你他她]", m["topic"])):
        if not m["cannot"]:
            return f"我{m['adv']}对{m['topic']}{m['v']}{m['tail'] or ''}"
        if re.match(r"(?:看|吃|喝|听|闻|坐|玩|爬|晒|熬)", m["topic"]):  # "看恐怖片我不行": not "数学我不行"
            return f"我{m['adv']}受不了{m['topic']}"
    share = re.match(r"^(?:那|这)份", core)  # "那份家教…": a job pointed at
    # "那只猫我不养了": a stopped thing pointed at ("那只", "这辆") is the thing itself
    core = re.sub(r"^(?:那|这)(?:只|条|辆|台|套|个|份|家|头|匹|部|把)(?=[\u4e00-\u9fff]{1,6}我(?:已经|早就|都)*(?:不(?:再)?(?:养|干|玩|用|开|骑)|戒|辞|卖|退|扔|转手|卸|删))", "", core)
    m = _TOPIC.match(core)
    job = m and re.fullmatch(r"(?P<org>[^，,我]{2,8}?)(?:那份|这份|的)工作", m["topic"])
    if m and job and re.fullmatch(r"我?(?:已经|早就|都)*(?:不干|辞掉|辞)", m["rest"]):
        return f"我从{job['org']}辞职了"  # "京东那份工作我不干了": an employer left
    if m and re.fullmatch(r"我?(?:已经|早就|都)*(?:不干|辞掉|辞)", m["rest"]):
        kind = re.fullmatch(r"(?:那份|这份)(?P<w>[^，,我]{2,8})|(?P<w2>[^，,我]{2,8}?)(?:那份|这份)(?:兼职|活儿?|差事|副业|实习)", m["topic"])
        named = m["topic"] if share and re.fullmatch(r"[^，,我]{2,8}", m["topic"]) else kind and (kind["w"] or kind["w2"])
        if named:
            return f"辞去了{named}的差事"  # "那份家教我不干了": a job named by what it is
    if m is None or re.match(r"[从在跟和给被向]", m["topic"]) or re.fullmatch(r"[这那].?", m["topic"]) or _PAST.fullmatch(m["topic"]) or _NOW.fullmatch(m["topic"]) or _ADVERBS.fullmatch(m["topic"]) \
            or _LEAD.match(m["topic"]) or DEICTIC.match(m["topic"]):
        return core
    rest = m["rest"] if m["rest"].startswith("我") else "我" + m["rest"]
    if not m["rest"].startswith("我") and (re.search(r"[我把对]", m["topic"]) or not re.match(
            r"(?:已经|早就|早|都)*(?:戒|改掉|辞|卸|删|退|卖|转手|扔)", m["rest"])) and not _averse_to_a_thing(m["topic"], m["rest"]):
        return core  # without the speaker only a stop or an aversion to a thing is read this way ("烟已经戒了")
    return rest + m["topic"] + (m["tail"] or "")


def _subject(clause: ReadClause) -> None:
    core = re.sub(r"^(?:医生|检查结果|结果|检查|报告)(?=确诊|确认|确定|说|出来|显示)", "", clause.core)
    core = re.sub(r"^[^我，,]{0,8}?(?:确诊|确认|确定|证实|证明|显示|表明|查出来|查出|检查出来|[测验]出来|说|诊断(?:结果)?是|结论是|写着|写的是|上写|肯定)(?:了|说)?(?=我)",
                  "", core)
    core = re.sub(r"^(?:最后|最终|终于|已经|后来)?(?:确诊(?:了|说)?|确定(?:了|是)?|确认(?:了|是)?|证实(?:了)?|显示|"
                  r"(?:检查|测|查)出来?(?:了)?(?:是)?(?=对))", "", core)
    # "过敏原检测结果是对尘螨过敏": the report's finding is about the speaker
    core = re.sub(r"^[^我，,]{0,10}?(?:结果|报告|结论|上面|单子上|上头)(?:是|显示|表明|说|写的是|写着|写的|上写着)(?=对[^，,]{1,10}(?:过敏|不耐受)$)", "", core)
    pronoun = re.match(r"^(?:他|她)(?![们的])", core)
    if pronoun:  # "我老公在银行上班，他喜欢钓鱼": the person just named (the sentence's subject)
        clause.flags.add("pronoun")
        clause.core = core[pronoun.end():].strip()
        return
    m = _SUBJECT.match(core)
    if m and m["rel"]:
        relation = RELATIONS[m["rel"]]
        clause.relation = relation
        after = None if m["name"] else name_after(core[m.end():])  # "我儿子豆豆…": a pet name after the relation
        name = m["name"] or (re.sub(r"\s", "", after["n"]) if after else None)
        if name:
            clause.name = name
            clause.subject = clause.subject_zh = name
        else:
            clause.subject = f"user's {relation}"
            clause.subject_zh = f"用户的{m['rel']}"
        clause.explicit_subject = True
        core = core[m.end() + (after.end() if after else 0):]
        core = re.sub(r"^(?:这人|这个人)(?:呢|吧|啊)?[，,]?(?=[\u4e00-\u9fff])", "", core)  # "我妹这人最烦排队": of her, as a rule
    elif (head := _WORKPLACE_HEAD.match(core)) is not None:
        clause.flags.add("organisation")
        core = core[head.end():]
    elif m:
        clause.explicit_subject = True
        if re.search(r"组|团队|部门|公司|单位|班|学校", m["me"] or ""):
            clause.flags.add("organisation")  # "我们公司搬到了滨江": where the workplace is, not the user's home
            if re.search(r"班|学校", m["me"] or ""):
                clause.flags.add("school")
        core = core[m.end():]
    core = re.sub(r"^(?:被)?(?:医生|医院|大夫|专家)?(?:确诊|确认|确定|证实|诊断)(?:了|为|是|出)*(?=对|[^，,]{1,10}(?:过敏|不耐受)$)", "", core.strip())
    # a finding by whoever or whatever found it, then the allergy: "医生说是对花生过敏" / "我查出了对牛奶过敏" / "化验单上写的是…"
    core = re.sub(r"^(?:被)?(?:[^我，,对]{0,6}?(?:医生|医院|大夫|专家|单|报告|结果|上面|上头|上)[^我，,对说]{0,4}?)?(?:都|也|已经)?"
                  r"(?:说|讲|写着|写的是|写|显示|检查|查|测|验|筛查)(?:出来|出)?(?:了|为|是|的是)*(?=对[^，,]{1,10}(?:过敏|不耐受)$)", "", core)
    clause.core = core.strip()


#: Errands by their verbs (renew, book, pay, collect, post, fetch, repair…) in the shapes an errand is said in:
#: "把护照续了", "给车约个保养", "去续一下合同", "去医院挂个号"; a bare "换工作" is a change, no errand.
_ERRAND_VERB = r"(?:续费|续签|续|补办|办理|办|缴|交|还|取|拿|寄|修|退|领|签|预约|约|挂|充值|充|报名|报|打印|年检|换|配|清理|清洗|打扫|收拾|整理|激活|挂失|保养)"
#: Offices and counters one goes to on an errand ("去派出所补办身份证", "去物业交停车费").
SERVICE_PLACES = ("派出所", "银行", "医院", "物业", "营业厅", "车管所", "邮局", "快递站", "驿站", "社区", "居委会", "街道办", "税务局",
                  "公积金中心", "社保局", "4S店", "修理厂", "大使馆", "领事馆", "出入境", "政务中心", "办事大厅", "办事处", "房管局", "学校", "幼儿园")
_ERRAND = re.compile(r"^(?:去[^，,把给]{1,8}?)?(?:把[^，,]{1,12}?" + _ERRAND_VERB + r"(?:了|掉|一下|回来|上|好|完|干净)*"
                     r"|给[^，,]{1,10}?" + _ERRAND_VERB + r"(?:个|一个|一下|一?副|一?台|一?张|一?双|一?把)[^，,]{0,6})$"
                     r"|^去?" + _ERRAND_VERB + r"(?:一下|个|一个)[^，,]{1,8}$|^去" + _ERRAND_VERB + r"一下$|^去[^，,把给]{1,8}?" + _ERRAND_VERB + r"(?:个|一个|一下)[^，,]{0,6}$"
                     r"|^(?:去|到)(?:趟|一趟)?(?:" + "|".join(SERVICE_PLACES) + r")" + _ERRAND_VERB + r"[^，,]{0,8}$")


#: Work to finish, said with 把 and a result ("把简历改完", "把 PPT 赶出来", "把周报发给老板"): with 得/要 a task.
_WORK_VERB = r"(?:改|写|做|发|赶|弄|搞定|完成|提交|准备|背|复习|翻译|画|剪|录|填|整理|交|报|签|寄|弄完|批改|审|核对|过一遍)"
_DUTY = re.compile(r"^把[^，,把]{1,14}?" + _WORK_VERB + r"(?:完|好|掉|出来|出去|过去|上去|上|了|一下|给[^，,]{1,8})+(?:" + _WORK_VERB
                   + r"(?:完|好|掉|出来|出去|过去|上去|上|了|一下|给[^，,]{1,8})*)?$")
#: A thing named first and then what must be done with it ("方案今晚必须交", "PPT 得改好"): read as the 把
#: sentence it stands for ("必须把方案交").
_DUTY_TOPIC = re.compile(r"^(?P<o>[^，,我你他她这那把]{2,12}?)(?P<m>必须|务必|一定要|得|要)(?P<v>(?:" + _WORK_VERB
                         + r"(?:完|好|掉|出来|出去|过去|上去|上|了|一下|给[^，,]{1,8})*){1,2})$")  # "签完寄出去": serial verbs


#: A thing named first, then maybe done with it ("教资或许会去考一下"): read as "或许会去考教资".
_GUESS_TOPIC = re.compile(r"^(?P<o>[^，,我你他她这那把]{1,8}?)(?P<h>或许|可能|也许|说不定|大概|估计|搞不好)(?P<m>会|要)?"
                          r"(?P<v>去?(?:考|学|报|买|换|卖|办|读|试|辞|搬))(?:一下|个|下)?$")


def _duty_first(core: str) -> str:
    """ "方案必须交" -> "必须把方案交": the topic of an obligation put where the task readers look for it."""
    m = _DUTY_TOPIC.match(core)
    if m is None or re.search(RELATION_WORDS, m["o"]) or _PAST.search(m["o"]) or _NOW.search(m["o"]):
        return core
    return m["m"] + "把" + m["o"] + m["v"]


def _guess_first(core: str) -> str:
    """ "教资或许会去考一下" -> "或许会去考教资": the topic of a guess put after its verb."""
    m = _GUESS_TOPIC.match(core)
    if m is None or re.search(RELATION_WORDS, m["o"]) or _PAST.search(m["o"]) or _NOW.search(m["o"]):
        return core
    return m["h"] + (m["m"] or "") + m["v"] + m["o"]


def _modals(clause: ReadClause) -> None:
    core = clause.core
    put_off = False
    while True:
        m = _ADVERBS.match(core)
        if m is None or not m.group():
            break
        word = m.group()
        if word.startswith("要不要") and "plan" not in clause.flags:
            break  # "要不要一起去吃饭": asked, not weighed ("想着要不要报个班" is)
        if re.fullmatch(r"(?:往后|以后|今后|从此|从今往后|从今以后)(?:就|便|都)", word) and re.search(r"吧[。！!～~]*$", clause.text):
            break  # "以后就用微信联系吧": a suggestion, not the way from now on
        if re.search(r"考虑|纠结|犹豫|要不要", word):
            clause.flags.add("plan")
            clause.hedge = "strong"
        elif word.startswith("抓紧") and (re.search(r"吧[。！!～~]*$", clause.text) or re.match(r"休息|睡|歇", core[m.end():])):
            break  # "抓紧时间休息一下吧": advice to rest, no errand
        elif re.match(r"抽|找|赶|抓紧|尽快|记得|别忘|提醒|叫我", word):
            clause.flags.update({"task", "errand"})  # "得抽空把护照续了": an errand with no day named
        elif re.match(r"准备", word) and "progressive" in clause.flags:
            pass  # "在准备考研": preparing now is a task
        elif re.match(r"打算|计划|想要|想|将要|即将|准备|预计|争取|决定|安排|寻思|琢磨", word):
            clause.flags.add("plan")
        elif re.match(r"回头|过阵子|过段时间|过些日子|改天", word):
            clause.flags.add("later")  # "回头我要去趟医院": a time to come, unnamed
            put_off = word == "回头"
        elif word.startswith("等"):
            clause.flags.update({"later", "will"})  # "等孩子上小学就搬回老家": a plan on a condition to come
        elif re.match(r"要|会|将|能", word):
            clause.flags.add("will")
        elif re.match(r"得|需要|必须", word):
            clause.flags.add("task")
        elif word == "开始":
            clause.flags.add("began")
        elif word in ("在", "正在", "正", "忙着"):
            clause.flags.add("progressive")
        elif word in ("比较", "还是", "更加", "更"):
            clause.flags.add("more")
        core = core[m.end():].lstrip()
    core = re.sub(r"^(?:，|,)", "", core)
    if "progressive" in clause.flags and re.match(r"赶(?!紧|快|上|到|集|回|去|来|车|路|时髦|潮|不上|地铁|公交|飞机|火车|高铁|航班|班车|末班|早班|飞)[^，,]{2,}", core) \
            and not re.search(r"(?i)deadline|ddl|进度|工期|时间$", core):  # "在赶一个 deadline": the work is named after
        clause.flags.add("errand")  # "正在赶毕业论文的终稿": work against a deadline is a task
    if put_off and clause.flags & {"task", "will"} and "plan" not in clause.flags and len(core) >= 3:
        clause.flags.add("errand")  # "回头得陪外婆去配副老花镜": a duty put off a little is still a task, no plan
    if clause.flags & {"task", "will"} and "plan" not in clause.flags and (_ERRAND.match(core) or _DUTY.match(core)):
        clause.flags.add("errand")  # "得去续一下合同" / "要给热水器约个维修": an errand with no day named
    clause.core = core.strip()


# -- objects --------------------------------------------------------------------------------
_TRAILING = re.compile(r"(?:了|的|吧|啊|呀|呢|哦|嘛|啦|哈|喔|过|这件事|这事|的事|而已|罢了|哈哈|这种东西|这类东西|这东西|这玩意儿?)+$")
_MEASURE = re.compile(r"^(?:一个(?!人)|一家|一台|一款|一只|一名|一位|一所|一份|一辆|一部|一套|一场|一次|一趟|个|家|款|所|这个|那个|一些)")


# "这个方案" / "那段代码": a thing in the conversation, not a lasting fact about the user
DEICTIC = re.compile(r"^(?:把)?(?:这|那)(?:个|段|篇|份|些|种|条|张|句|样|版|次|里|一|座|部|首|家|所|款|只|位|本|件|套|幅|道|门)")
_NAMES_WITH_DE = frozenset(["美的", "的哥", "的士"])  # names that end in 的
_SYMBOLS = re.compile("[\U0001F000-\U0001FAFF\u2600-\u27BF\uFE0F\u200d]+")


def clean(value: str, *, keep_measure: bool = False) -> str:
    """An object cut to its words: no trailing particles, no leading "一个" (unless counted)."""
    value = _SYMBOLS.sub("", value).strip(" ，,。.!！?？:：\"'“”~～")
    if value in _NAMES_WITH_DE:
        return value
    value = _TRAILING.sub("", value).strip()
    if not keep_measure:
        value = _MEASURE.sub("", value).strip()
    return value


def is_value(value: str) -> bool:
    """A usable object: no question word, no "you", not a bare function word."""
    return bool(value) and not _QUESTION_WORD.search(value) and len(value) <= 40 and not re.search(r"[你您]", value) and \
        value not in ("这", "那", "它", "在", "到", "是", "了", "的", "去", "于")


def is_place(value: str) -> bool:
    """A place name by the lists, its suffix or jieba's dictionary (杭州, 西湖区, 老家温州, 番禺)."""
    return value in _PLACES or bool(_PLACE_EDGE.search(value)) or (bool(_PLACE_SUFFIX.search(value)) and len(value) <= 8) \
        or (dictionary_place(value) and value not in _NOT_PLACES)


def split_list(value: str) -> list[str]:
    """ "Java 和 Spring Boot" -> ["Java", "Spring Boot"]."""
    parts = re.split(r"\s*(?:和|与|跟|、|以及|及|还有|，|,|/)\s*", value)
    return [clean(p) for p in parts if clean(p)]


# -- relation patterns ----------------------------------------------------------------------
Handler = Callable[[re.Match[str], ReadClause], "list[Draft] | None"]
PATTERNS: list[tuple[re.Pattern[str], Handler]] = []


def pattern(*regexes: str) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        PATTERNS.extend((re.compile(r), handler) for r in regexes)
        return handler
    return register


def _d(predicate: str, obj: str, **kw: object) -> Draft:
    return Draft(predicate=predicate, object=obj, **kw)  # type: ignore[arg-type]


@pattern(r"^最(?P<v>喜欢|爱|享受|讨厌|不喜欢|受不了|烦)(?:干|做|吃|喝|看|听|玩|去)?的(?P<cat>.{0,5}?)(?:就)?是(?P<o>.+)$",
         r"^(?P<v>喜欢|爱)的(?P<cat>颜色|水果|运动|歌手|电影|书|城市|季节|动物|乐队|游戏|作家|演员|花|品牌|编程语言|语言|饮料)(?:就)?是(?P<o>.+)$")
def _favourite(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    o = clean(m["o"])
    category = _CATEGORIES.get(m["cat"])
    if not is_value(o):
        return None
    if m["v"] not in ("喜欢", "爱", "享受"):
        return [_d("dislikes", o)]
    return [_d(f"preferred_{category}", o)] if category else [_d("likes", o)]


@pattern(r"^(?:今年|已经)?(?:刚|才|都|已经)?(?:满)?(?:是|有)?(?P<xu>虚岁|周岁|实岁|整|刚好|正好)?(?P<n>" + NUMBER + r")(?:周)?(?P<sui>岁)?(?:半)?(?:了)?$",
         r"^的?(?:年龄|岁数|年纪)(?:是|为|有)?(?P<n>" + NUMBER + r")(?P<sui>岁)?(?:了)?$")
def _age(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    value = to_int(m["n"])
    if not m["sui"] and not m.groupdict().get("xu") and not any(s.text == "今年" for s in c.times) \
            and not re.search(r"年龄|岁数|年纪", m.group()) and not (
                c.explicit_subject and not re.match(r"我们|咱们", c.text) and m.group().endswith("了") and value is not None and value >= 10):
        return None  # a bare number is an age only after 今年 ("我今年35") or as what one has reached ("我35了")
    return [_d("age", str(value))] if value is not None and 0 < value < 130 else None


# -- how much: money, time and counts with their measure (the English rules' quantity_* slots) --
_PER = r"(?:每(?:个)?|一(?:个)?)(?P<per>天|日|晚上?|周|星期|礼拜|月|年)"
_MONEY = (r"(?P<o>(?:" + NUMBER + r")(?:来|多|几)?[万千kKwW]?(?:" + NUMBER + r")?(?:块钱?|元|块|美元|美金|刀|镑|欧元?|人民币|RMB)?)")
_SPAN = (r"(?P<o>(?:" + NUMBER + r"|半)(?:个)?(?:半|多)?(?:小时|钟头|个钟)(?:半)?(?:" + NUMBER + r"分钟?)?|(?:" + NUMBER + r")(?:多)?分钟)")
_ABOUT = r"(?:大概|大约|约|差不多|将近|快|接近|超过|不到|只有|还剩|剩下?|只剩|只|才|就|一般|通常|基本上?|平均|也就|都|能|要|得|有|是|在|了|拿了|发了|税前|税后|到手){0,4}"
_TAIL = r"(?:左右|出头|上下|多|以上)?(?:吧|了|的样子)?$"
#: A new value said as a change from the old ("涨到", "从三千降到了", "调成"): the amount after it is the value now.
_CHANGED_TO = r"(?:(?:又|已经|刚|终于|总算|也)*(?:从[^，,到至]{1,10}?)?(?:涨|降|掉|跌|升|减|提|加|调|变|长|涨薪|降薪)(?:了)?(?:到|至|成)(?:了)?)?"
_MEASURE_NOUNS = {"月薪": "income", "月收入": "income", "月工资": "income", "年薪": "income", "年收入": "income", "工资": "income",
                  "薪水": "income", "薪资": "income", "底薪": "income", "收入": "income", "时薪": "income", "房租": "rent",
                  "租金": "rent", "月供": "mortgage", "房贷": "mortgage", "车贷": "car_loan", "存款": "savings", "积蓄": "savings",
                  "年终奖": "bonus", "奖金": "bonus", "提成": "bonus", "花销": "spending", "开销": "spending",
                  "水电费": "utilities", "水电": "utilities", "电费": "utilities", "水费": "utilities", "物业费": "fees", "话费": "phone_bill", "学费": "tuition",
                  "伙食费": "spending", "油费": "fuel", "花费": "spending", "生活费": "spending", "开支": "spending",
                  "通勤": "commute", "通勤时间": "commute", "单程": "commute", "来回": "commute", "往返": "commute",
                  "首付": "down_payment", "首付款": "down_payment", "彩礼": "bride_price", "定金": "deposit"}
_MEASURE_VERBS = {"赚": "income", "挣": "income", "拿": "income", "花": "spending", "存": "savings", "攒": "savings",
                  "睡": "sleep", "通勤": "commute", "工作": "working_hours", "上班": "working_hours", "加班": "overtime"}
_PER_UNIT = {"天": "天", "日": "天", "晚": "晚", "晚上": "晚", "周": "周", "星期": "周", "礼拜": "周", "月": "月", "年": "年"}


def _per(period: str | None) -> str:
    """ "/月" for 每个月 (one spelling per period: 星期 and 礼拜 are 周); "" for none."""
    return f"/{_PER_UNIT.get(period, period)}" if period else ""


# counts with no slot of their own, keyed as the English rules key them (``quantity_followers``);
# where they are counted (a platform, an app) is part of the key when it is a known one
_COUNTED = {"粉丝": "followers", "关注者": "followers", "订阅者": "subscribers", "订阅": "subscribers", "日活": "daily_active_users",
            "月活": "monthly_active_users", "用户": "users", "注册用户": "users", "付费用户": "paying_users", "会员": "members",
            "下载量": "downloads", "下载": "downloads", "播放量": "plays", "阅读量": "reads", "销量": "sales", "星标": "stars",
            "步数": "steps", "余额": "balance", "欠款": "debt", "负债": "debt", "外债": "debt", "藏书": "books", "学生": "students",
            "员工": "employees", "客户": "customers", "好友": "friends", "点赞": "likes_received", "获赞": "likes_received"}
_PLATFORMS = {"抖音": "douyin", "快手": "kuaishou", "公众号": "wechat_account", "视频号": "wechat_channels", "微博": "weibo",
              "小红书": "xiaohongshu", "B站": "bilibili", "b站": "bilibili", "知乎": "zhihu", "头条": "toutiao",
              "YouTube": "youtube", "Youtube": "youtube", "GitHub": "github", "Github": "github", "Instagram": "instagram"}
QUANTITY_LABELS = {"bonus": "奖金", "budget": "预算", "utilities": "水电费", "fees": "物业费", "phone_bill": "话费", "tuition": "学费", "fuel": "油费",
                   "hours": "时长", "income": "收入", "rent": "房租", "mortgage": "月供", "car_loan": "车贷", "savings": "存款", "spending": "花费",
                   "commute": "通勤", "commute_distance": "通勤距离", "home_size": "住房面积", "down_payment": "首付",
                   "bride_price": "彩礼", "deposit": "定金", "loan_left": "贷款剩余期数", "sleep": "睡眠", "working_hours": "工作时长", "overtime": "加班", "reading": "阅读量"}
for _word, _key in reversed(_COUNTED.items()):  # the first word of a key labels it ("followers": 粉丝)
    QUANTITY_LABELS[_key] = _word
    QUANTITY_LABELS.update({f"{p}_{_key}": w + _word for w, p in _PLATFORMS.items()})


def _quantity(measure: str, m: re.Match[str]) -> list[Draft] | None:
    amount = m["o"]
    period = m.groupdict().get("per") or m.groupdict().get("per2") or m.groupdict().get("per3")
    if measure == "income" and not period:
        period = {"月": "月", "年": "年", "时": "小时"}.get(m.groupdict().get("noun", "")[:1])
    if not re.search(r"\d|[一二两三四五六七八九十百千万半]", amount):
        return None
    return [_d(f"quantity_{measure}", amount + _per(period))]


#: Readings a body or a test gives, by the word that names them, and the key of their slot (data).
READINGS = {"近视": "myopia", "散光": "astigmatism", "远视": "hyperopia", "老花": "presbyopia", "血压": "blood_pressure",
            "血糖": "blood_sugar", "空腹血糖": "blood_sugar", "心率": "heart_rate", "静息心率": "heart_rate", "体脂率": "body_fat",
            "体脂": "body_fat", "尿酸": "uric_acid", "视力": "eyesight", "雅思": "ielts", "托福": "toefl", "四级": "cet4",
            "六级": "cet6", "高考": "gaokao", "考研": "postgraduate_exam", "GRE": "gre", "绩点": "gpa", "GPA": "gpa",
            "期末": "final_exam", "期末考试": "final_exam", "期中": "midterm_exam", "期中考试": "midterm_exam", "中考": "zhongkao",
            "月考": "monthly_exam", "模考": "mock_exam", "一模": "mock_exam", "二模": "mock_exam", "考试": "exam"}
QUANTITY_LABELS.update({"myopia": "近视", "astigmatism": "散光", "hyperopia": "远视", "presbyopia": "老花", "blood_pressure": "血压",
                        "blood_sugar": "血糖", "heart_rate": "心率", "body_fat": "体脂率", "uric_acid": "尿酸", "eyesight": "视力",
                        "ielts": "雅思", "toefl": "托福", "cet4": "四级", "cet6": "六级", "gaokao": "高考", "postgraduate_exam": "考研",
                        "gre": "GRE", "gpa": "绩点", "final_exam": "期末考试", "midterm_exam": "期中考试", "zhongkao": "中考",
                        "monthly_exam": "月考", "mock_exam": "模考", "exam": "考试"})


@pattern(r"^(?:的)?(?:这次|上次|最近|现在)?(?P<noun>" + "|".join(sorted(READINGS, key=len, reverse=True)) + r")(?:度数|成绩|分数)?"
         + _ABOUT + r"(?:考了|考到了?|考出了?|量出来是?|测出来是?|查出来是?|测了|量了|刷到了?)?" + _ABOUT + _CHANGED_TO + _ABOUT
         + r"(?P<o>\d+(?:\.\d+)?(?:\s*/\s*\d+)?|(?:" + NUMBER + r"))\s*(?P<unit>度|分|%|mmHg|次|mmol/L)?" + _TAIL)
def _measured_reading(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我近视 600 度" / "血压 150/95" / "雅思考了7分": a reading named by what it measures."""
    return [_d(f"quantity_{READINGS[m['noun']]}", m["o"].replace(" ", "") + (m["unit"] or ""))]


@pattern(r"^(?:家里?|的)?(?:(?:" + _PER + r")的?)?(?:上班|上下班|去公司|到公司)?(?:单程|来回|往返)?(?:税前|税后|到手)?(?P<noun>" + "|".join(sorted(_MEASURE_NOUNS, key=len, reverse=True)) + r")(?:单程|来回|往返)?" + _ABOUT
         + r"(?:(?:每(?:个)?|一(?:个)?)(?P<per2>天|周|月|年))?" + _ABOUT + _CHANGED_TO + r"(?:(?:每(?:个)?|一(?:个)?)(?P<per3>天|周|月|年))?"
         + r"(?:还|交|付|缴)?" + _ABOUT + r"(?:" + _MONEY + "|" + _SPAN.replace("(?P<o>", "(?P<t>") + r")" + _TAIL)
def _measured(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我月薪两万五" / "房租一个月四千二" / "每天通勤要三个半小时": an amount named by its measure."""
    measure = _MEASURE_NOUNS[m["noun"]]
    if (measure == "commute") != bool(m["t"]):
        return None  # money is no commute, hours are no salary
    if m["t"]:
        return [_d(f"quantity_{measure}", m["t"] + _per(m["per"]))]
    return _quantity(measure, m)


@pattern(r"^(?:这次|这回|今年|明年|我们?的?)?(?P<what>[^，,我你他她]{0,6}?)(?:的)?预算(?:大概|大约|差不多|一共|总共|只有|就|是|有|在|控制在|定在|卡在|不超过|一个人|每人|人均)*"
         + _MONEY + r"(?:以内|之内|以下)?" + _TAIL)
def _budget(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "这次装修预算二十万": what one means to spend on a thing, keyed as the English rules key a budget."""
    what = clean(m["what"])
    if not re.search(r"\d|[一二两三四五六七八九十百千万]", m["o"]) or (what and not is_value(what)):
        return None
    return [_d("quantity_budget", m["o"] + (f"（{what}）" if what else ""))]


@pattern(r"^(?:今年|去年)?(?:的)?年终奖(?:拿了|发了|有|是|就|只|才|足足)*(?P<o>(?:" + NUMBER + r"|几)(?:个)?(?:多|半)?月)(?:的)?(?:工资|薪水|月薪|薪)?" + _TAIL)
def _bonus_in_months(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "年终奖拿了四个月": a bonus counted in months of pay."""
    return [_d("quantity_bonus", m["o"] + "工资")]


@pattern(r"^(?:" + _PER + r")?(?:从家里?)?(?P<how>开车|自驾|坐地铁|搭地铁|坐公交|坐车|坐高铁|骑车|骑电动车|骑电瓶车|走路|步行|打车)?(?:去|到)?"
         r"(?:上班|上下班|上学|公司|单位|学校)(?:的)?(?:单程|来回|往返)?(?:路上)?(?:的时间)?" + _ABOUT + _SPAN + _TAIL)
def _commute(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "开车上班单程要一个半小时" / "坐地铁去公司四十分钟": the way to work, by how long it takes."""
    if any(s.kind is TimeKind.point for s in c.times):
        return None  # "今天上班路上堵了两个小时": one day, not the commute
    if not (m["how"] or re.search(r"单程|来回|往返|路上|通勤|(?:去|到)(?:公司|单位|学校)", m.group(0))):
        return None  # "每天上班八个小时": hours at work, not on the way
    return [_d("quantity_commute", m["o"] + _per(m["per"]))]


@pattern(r"^(?:" + _PER + r")?" + _ABOUT + r"(?:在(?P<on2>[^，,]{1,8}?)上|(?:光|单|单是|仅|仅仅|光是)(?P<on3>[^，,就]{1,6}?)(?=就|都|要|得))?" + _ABOUT + r"(?P<v>赚|挣|拿|花|存|攒)(?:了|下了?)?(?:在(?P<on>[^，,]{1,8}?)上(?:的)?)?(?:钱)?"
         + _ABOUT + _MONEY + r"(?:块钱?|元)?(?:左右|出头|上下|多)?(?:(?:准备|打算|用来|想|用于)[^，,]{1,8})?" + _TAIL,
         r"^(?:" + _PER + r")?" + _ABOUT + r"(?P<v>睡|通勤|工作|上班|加班)(?:觉)?(?:了)?" + _ABOUT + _SPAN + _TAIL)
def _measured_act(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "每个月花在健身上大概一千二" / "一晚上一般睡六个小时": how much one does, regularly."""
    habitual = m["per"] or re.search(r"一般|通常|平时|平常|基本|平均|每", c.text) or m["v"] in ("存", "攒")  # savings are had
    wished = re.search(r"想|打算|希望|要是|如果|计划|争取|目标", c.text.split(m["v"], 1)[0])
    if wished or not habitual or any(s.kind is TimeKind.point for s in c.times):
        return None  # "昨天睡了三个小时" is one night, not a habit
    drafts = _quantity(_MEASURE_VERBS[m["v"]], m)
    on = m.groupdict().get("on") or m.groupdict().get("on2") or m.groupdict().get("on3")
    if drafts and on:
        drafts[0].object += f"（{clean(on)}）"
    return drafts


@pattern(r"^(?:" + _PER + r")" + _ABOUT + r"(?P<v>喝|抽|吃)(?:掉|了)?" + _ABOUT + r"(?P<o>(?:" + NUMBER + r"|几)(?:来|多|几)?(?P<q>次|顿|回|箱|瓶|杯|罐|包|听|碗|盒|斤|根|支|条|扎|提))(?P<what>[^，,]{0,4}?)" + _TAIL)
def _how_often(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我一周大概喝三次酒" / "每周要喝掉两箱啤酒": how often or how much one has something (the
    English rules' "drinks"); a count of times names what, a container may hold it ("一天两包")."""
    what = clean(m["what"])
    if not what and m["q"] in "次顿回":
        return None
    return [_d({"喝": "drinks", "抽": "smokes", "吃": "eats"}[m["v"]], f"{m['o']}{what}{_per(m['per'])}")] if is_value(what) or not what else None


@pattern(r"^(?:" + _PER + r")" + _ABOUT + r"(?:在(?P<at>[^，,]{1,8}?)(?:待|呆|泡)|(?P<v>刷|玩|看|打|练|学|追)(?P<what>[^，,要得]{1,6}?))(?:要|得|会)?" + _ABOUT + _SPAN + _TAIL)
def _hours_spent(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "每天刷抖音要两个多小时" / "每周在健身房待六七个小时": time one spends on something, regularly."""
    what = clean(m["at"] or (m["v"] + m["what"]))
    return [_d("quantity_hours", f"{m['o']}{_per(m['per'])}（{what}）")] if is_value(what) else None


@pattern(r"^(?:" + _PER + r")" + _ABOUT + r"(?:读|看)(?:了)?" + _ABOUT + r"(?P<o>(?:" + NUMBER + r")(?:来|多)?本(?:书)?)" + _TAIL)
def _reading(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我一年大概读三十本书": how much one reads."""
    return [_d("quantity_reading", m["o"] + _per(m["per"]))]


_COUNTED_NOUNS = "|".join(sorted(_COUNTED, key=len, reverse=True))
_COUNT_AMOUNT = r"(?P<o>" + NUMBER + r"\s*(?:[万千百亿kKwW]|w\+)?(?:多|出头)?(?:个(?=人)|个(?=$|[了啦吧]))?(?:位|名|人|次|步|本|块钱?|元|美元)?)(?:个)?"
_REACHED = r"(?:已经|刚|刚刚|终于|总算|才|都|现在|目前|还|也就|一共|总共|大概|大约|差不多|将近|快|了|基本)*" \
           r"(?:是|有|在|到|达到|涨到|升到|冲到|破|破了|突破|突破了|过|过了|超过|超过了|达|掉到|降到|跌到|只有|还剩|剩下?|只剩)?(?:了)?"


@pattern(r"^(?:的)?(?P<where>[^，,我你他她的有是]{0,8}?)(?:的|上的?|里的?)?(?P<noun>" + _COUNTED_NOUNS + r")(?:数|数量|量|人数|总数)?" + _REACHED
         + _COUNT_AMOUNT + r"(?:大关)?" + _TAIL,
         r"^(?:的)?(?P<where>[^，,我你他她的有是]{0,8}?)(?:的|上|里)?(?:已经|刚|终于|现在|目前|一共|总共)*(?:有|攒了|涨到|涨了|破|突破|到了|过了)(?:了)?"
         + _COUNT_AMOUNT + r"(?:多)?(?P<noun>" + _COUNTED_NOUNS + r")" + _TAIL)
def _counted(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "公众号粉丝刚破三万" / "我的 B站有五千多粉丝了" / "余额还剩八百": a count of something of
    one's own, by what it counts."""
    where = clean(m["where"] or "")
    if c.subject != "user" or (where and where not in _PLATFORMS and not re.fullmatch(r"[\u4e00-\u9fffA-Za-z ]{1,8}", where)):
        return None
    if not re.search(r"\d|[一二两三四五六七八九十百千万]", m["o"]) or c.flags & {"will", "plan"}:
        return None  # "粉丝想破万": a wish, not a count
    key = _COUNTED[m["noun"]]
    amount = m["o"].replace(" ", "")
    period = re.fullmatch(r"(?:每(?:个)?|一(?:个)?)(?P<per>天|日|周|星期|礼拜|月|年)", where)
    if period:  # "每天步数都在一万五以上": a count per day, not one somewhere
        return [_d(f"quantity_{key}", amount + _per(period["per"]))]
    if where in _PLATFORMS:
        return [_d(f"quantity_{_PLATFORMS[where]}_{key}", amount)]
    return [_d(f"quantity_{key}", amount + (f"（{where}）" if where else ""))]


#: How long since something began, by what began (data): "结婚五年了", "毕业都三年了", "在一起快两年了".
SINCE_KEYS = {"结婚": "married_for", "领证": "married_for", "在一起": "relationship_length", "谈恋爱": "relationship_length",
              "恋爱": "relationship_length", "毕业": "since_graduation", "退休": "since_retirement", "开车": "driving_experience",
              "健身": "training_years", "跑步": "training_years", "学琴": "practice_years", "练琴": "practice_years"}
QUANTITY_LABELS.update({"married_for": "结婚时长", "relationship_length": "恋爱时长", "since_graduation": "毕业时长",
                        "since_retirement": "退休时长", "training_years": "锻炼年限", "practice_years": "练习年限"})


@pattern(r"^(?P<what>" + "|".join(sorted(SINCE_KEYS, key=len, reverse=True)) + r")(?:已经|都|快|有|差不多|将近|也|整整|满)*"
         r"(?P<o>(?:" + NUMBER + r"|半|几)(?:个)?(?:多|半)?(?:年|月)(?:多|半)?)了$")
def _since(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "结婚五年了" / "毕业都三年了": a span since something began, keyed by what began."""
    key = SINCE_KEYS[m["what"]]
    return [_d(key if key == "driving_experience" else f"quantity_{key}", m["o"])] if c.subject == "user" else None


@pattern(r"^(?:的)?(?P<noun>车贷|房贷|贷款|花呗|分期|网贷)(?:还|就|只)*(?:剩|剩下|只剩|还有|还差|差)(?:最后)?(?P<o>(?:" + NUMBER + r")(?:个)?期)"
         r"(?:就(?:还完|还清|结清|清)了?|没还)?$")
def _installments_left(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "车贷还剩 12 期就还完了": how many payments are left on a loan."""
    return [_d("quantity_loan_left", f"{m['o']}（{m['noun']}）")]


@pattern(r"^(?:说|写|打|填|记)(?:错|岔)?成了?(?:是)?(?P<o>[^，,]{0,12}?)了?$")
def _said_as(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我上次说成了十月六号": the wrong value said before, which the clause beside it corrects."""
    o = clean(m["o"]) or next((s.text for s in c.times), "")
    return [Draft(predicate=None, object=o, negated=True, flags={"bare"})] if is_value(o) else None


@pattern(r"^姓(?P<o>[\u4e00-\u9fff]{1,2}?)(?:的)?$")
def _surname(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我们经理姓刘": the surname of someone of the user's (the user's own is a private matter left unsaid)."""
    return [_d("surname", m["o"])] if c.relation is not None or c.subject != "user" else None


_VAGUE_FIELD = re.compile(r"东西|知识|内容|技术$|本事|不多|很多|太多")


@pattern(r"^专业是(?P<o>[^，,]{2,10}?)(?:专业)?(?:的)?$", r"^学的(?:是)?(?P<field>[^，,]{2,8}?)(?:专业)?$")
def _major(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我学的专业是临床医学" / "我是学计算机的" / "学的土木": what one studies (the English rules' "studies")."""
    field = m.groupdict().get("field")
    o = clean(m.groupdict().get("o") or field or "")
    tags = [tag[:1] for _, tag in tagged_words(o)]
    if field and (not 0 < len(tags) <= 2 or set(tags) - {"n", "l", "v"} or _VAGUE_FIELD.match(o)):
        return None  # "学的东西太多": no field named
    return [_d("studies", o)] if is_value(o) and not DEICTIC.match(o) else None


#: Car makes said without 车 ("我开的是比亚迪"): what tells a car from a shift or a meeting after "开的是".
_CAR_MAKES = ("比亚迪|特斯拉|宝马|奔驰|奥迪|大众|丰田|本田|日产|蔚来|小鹏|理想|问界|吉利|长城|哈弗|五菱|红旗|别克|福特|"
              "雷克萨斯|保时捷|沃尔沃|马自达|现代|起亚|荣威|零跑|极氪|小米|路虎|凯迪拉克|雪佛兰|领克|长安|奇瑞|斯柯达")


@pattern(r"^开车是(?P<o>[^，,]{2,12})$", r"^开(?:的是)?(?P<o>(?:一辆|辆)?[^，,]{1,8}?(?:车|SUV|电车|油车))$",
         r"^(?:每天|天天|平时|平常|一般|都)*开(?:着)?(?P<count>一辆|辆)?(?P<o2>[^，,]{1,10}?)(?:上班|上下班|通勤|去公司|去单位|接送孩子|接娃|送娃)$")
def _drives(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我开的是比亚迪" / "我开一辆白色的SUV" / "我开一辆高尔夫上班": the car one drives."""
    if m.groupdict().get("o2"):  # "开高尔夫上班": a car by its count, make or letters (not "开会上班")
        o = clean(m["o2"])
        return [_d("drives", o)] if is_value(o) and len(o) >= 2 and (m["count"] or re.search(_CAR_MAKES + r"|车|SUV|[A-Za-z]", o)) else None
    o = clean(m["o"])
    if TRADE_ACT.match("开" + o) and "ended" in c.flags:
        return None  # "不开网约车了": the trade given up, read by the ending rule
    return [_d("drives", o)] if is_value(o) and not DEICTIC.match(o) else None


@pattern(r"^的?(?:生日|出生日期|阳历生日|农历生日)(?:其实|应该)?(?:是|在|为)?(?:哪天)?$", r"^(?:是)?(?:过)?生日(?:的)?$")
def _birthday(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我的生日是十月八号" / "我是五月二十号生日": the day said (lifted off as a time)."""
    day = next((s.text for s in c.times if re.search(r"[月号日]", s.text) and s.kind is TimeKind.point), None)
    return [_d("birthday", re.sub(r"\s", "", day))] if day else None


@pattern(r"^的?(?:业余|平时的?)?(?:爱好|兴趣爱好|兴趣)(?:是|就是|有|主要是|包括)(?P<o>[^，,]{1,20})$")
def _hobbies(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我的爱好是打羽毛球和游泳": each pastime named."""
    parts = [p for p in split_list(m["o"]) if is_value(p) and not DEICTIC.match(p)]
    return [_d("likes", _liked(p)) for p in parts] or None


@pattern(r"^一(?:看到|看见|听到|想到|闻到|碰到|见到)(?P<o>[^，,就]{1,8})就(?:害怕|怕|头疼|头大|烦|恶心|想吐|发怵|紧张|犯困)(?:了)?$")
def _dread(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我一看到蛇就害怕": something one cannot stand."""
    o = clean(m["o"])
    return [_d("dislikes", o)] if is_value(o) and not DEICTIC.match(o) else None


#: How long ago something began, said after it ("搬到闵行半年了", "入职字节三个月了").
_DURATION_TAIL = re.compile(r"(?:已经|都|快|有|将近)?(?:" + NUMBER + r"|半|几)(?:多)?(?:个)?(?:多)?(?:年|月|天|周|星期)(?:多)?(?:了)?$")


@pattern(r"^(?:从(?P<old>.+?))?(?:搬家|搬|住)(?:到了|到|去了|去|回了|回|来了|来|进了|进|(?=进去|过去|过来|进来))(?P<o>.+)$",
         r"^(?:从(?P<old2>.+?))?(?:移居|迁居|定居|移民)(?:到了|到|去了|去|在)?(?P<o2>.+)$",
         r"^从(?P<old3>[^，,]{1,8}?)回(?:到了|到|了|去了|去)(?!一?趟)(?P<o3>[^，,]{2,10})$")
def _move(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "从北京搬到了深圳" / "从深圳回了老家长沙": where one lives now, and where before."""
    groups = m.groupdict()
    o = clean(groups.get("o") or groups.get("o2") or groups.get("o3") or "")
    if groups.get("o3") and (o in _NOWHERE or not is_place(o)):
        return None  # "从公司回了家" is no move
    o = re.sub(r"(?<=..)(?:来|去|住)$", "", clean(_DURATION_TAIL.sub("", o)))  # "搬到苏州来" / "搬到闵行半年了"
    old = groups.get("old") or groups.get("old2") or groups.get("old3")
    if o in ("去", "来", "进去", "过去", "过来", "进来"):  # "买了套房子，上个月搬进去了": where the home is
        return [_d("lives_in", "", flags={"change", "move", "needs_object", "moved_in"})]
    if not is_value(o):
        return None
    if re.fullmatch(r"新家|新房子?|新小区|新住处|新地方|家", o):  # "搬到新家了，在望京": the next clause says where
        return [_d("lives_in", "", flags={"change", "move", "needs_object", "home_context"})]
    return [_d("lives_in", o, replaces=clean(old) if old else None, flags={"change", "move"})]


@pattern(r"^(?:家)?(?:住在|住(?!在)|家住在?|(?:新)?家在|居住在|生活在|定居在|留在了?(?=.{2})|[Bb]ase\s*(?:在)?|坐标|常驻(?:在)?|驻扎在|现居(?:于|在)?|居于|寓居(?:在|于)?|(?:合租|租住|租房|租)在)(?P<o>.+)$")
def _live(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    o = clean(re.sub(r"(?:这边|那边|附近)$", "", _DURATION_TAIL.sub("", clean(m["o"]))))  # "住在这边快十年了": how long, no place
    if m.group().startswith("留") and (not is_place(o) or o in _NOWHERE):
        return None  # "毕业后我留在了上海" stays; "留在家里" is no address
    if re.match(r"(?:得|不|这儿|那儿|这里|那里|哪)", o) or re.search(r"(?:挺|很|还|不)(?:好|远|近|方便|舒服|贵|便宜)", o):
        return None  # "我住得很远" / "我住这儿挺好的": how one lives, no place named
    return [_d("lives_in", o)] if is_value(o) and not o.startswith(("着", "院", "的")) and not o.isdigit() else None


@pattern(r"^(?:在|于)(?P<o>[^，,]{1,12}?)(?:已经|一直)*(?:租房|租房子|合租|租)?(?:住|居住|生活|定居|(?P<making>打拼|闯荡|发展|漂))(?:着|了|过)?"
         r"(?:(?:已经|都|快|有|将近|差不多)?(?:(?:" + NUMBER + r"|几)(?:多)?年(?:多|半)?|好多年|好几年|很多年|多年|很久|好久)(?:了)?)?$")  # years: days or weeks are a stay
def _live_at(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    o = clean(m["o"])
    if m["making"] and not is_place(o):
        return None  # "在北京打拼" lives there; "在阿里发展" does not say where
    return [_d("lives_in", o)] if is_value(o) else None


@pattern(r"^回(?:了|到了?|去了)(?P<o>[^，,趟]{2,10}?)(?:定居|发展|生活|工作|住|养老|(?P<trip>一趟|一次|看看))?$")
def _return_home(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "今年年初回了洛阳老家": a move home; in a holiday or a few days ("五一回了老家") a visit."""
    o = clean(m["o"])
    if not is_value(o) or not (is_place(o) or "老家" in o):
        return None
    if m["trip"] or any(s.start is not None and s.end is not None and s.end - s.start <= timedelta(days=15) for s in c.times):
        return [_d("visited", o, memory_type=MemoryType.episodic, flags={"event", "motion"})]
    return [_d("lives_in", o, flags={"change", "move"})]


@pattern(r"^(?:在)?(?P<o>[^，,]{2,8}?)(?:买|租|找|安)(?:了)?(?:一套|套|个|一个)?(?:房子?|新房|公寓|家)(?:就|然后|之后|以后)?"
         r"(?:搬|住)(?:了)?(?:过去|过来|进去|进来|进新家)(?:了)?$")
def _settle(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "在番禺买了房就搬过去了": where one moved to is where the home was found."""
    o = clean(m["o"])
    return [_d("lives_in", o, flags={"change", "move"})] if is_value(o) and o not in _NOWHERE else None


@pattern(r"^(?:从(?P<old>.+?))?(?:跳槽|跳|转行|转|调|换工作|换)(?:到了|到|去了|去|进了|进)(?P<o>.+?)(?:工作|上班|任职)?$")
def _switch(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    o = clean(re.sub(r"(?<=..)(?:以后|之后|后)$", "", m["o"]))  # "调到广州分公司以后，…": the move, then what followed
    if re.match(r"^(?:下|上)一(?:个|页|步|章|节|题|部分)|话题$", o):
        return None  # "转到下一个话题吧": the conversation moves on, not the user
    if re.match(r"^(?:做|当)", o) or (m["old"] and re.fullmatch(r"[A-Za-z][\w+#. -]*", clean(m["old"])) and re.fullmatch(r"[A-Za-z][\w+#. -]*", o)):
        return None  # "从产品经理转去做运营" (a role) / "从 Python 转到 Rust" (a tool): no employer
    post = re.fullmatch(r"(?P<j>[^，,]{2,8}?)(?:岗位|岗|职位)", o)
    if post:  # "换到了运维岗": a post, not an employer
        return [_d("job_title", post["j"], flags={"change"})]
    was = clean(m["old"]) if m["old"] else None
    phone = switched_phone(o, was) if (was and _OS.fullmatch(was)) or re.search(r"手机|机$", o) else None
    if phone:  # "从安卓换到苹果了": a phone, not an employer
        return phone
    o, role = employer_and_role(o)
    if not is_value(o):
        return None
    drafts = [_d("works_at", o, replaces=clean(m["old"]) if m["old"] else None, flags={"change"})]
    return drafts + ([_d("job_title", role)] if role else [])


def employer_and_role(o: str) -> tuple[str, str | None]:
    """ "京东做运营" / "一家培训机构当老师": the place of work and the role said after it."""
    job = re.match(r"^(?P<at>[^，,]{2,12}?)(?:做|当|担任)(?:了)?(?P<j>[^，,]{2,8})$", o)
    if job and is_occupation(job["j"]):
        return clean(job["at"]), clean(job["j"])
    return o, None


@pattern(r"^换(?:了)?(?:一份|份|个)?(?:新)?工作(?:了)?$")
def _changed_job(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    return [_d("works_at", "", flags={"change", "job_context", "needs_object"})]


@pattern(r"^(?:加入|入职|进入|进)(?:了)?(?P<o>.+?)(?:工作|上班)?$")
def _join(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    o = clean(_DURATION_TAIL.sub("", m["o"]))
    if not is_value(o) or re.search(r"手续|办好|办完|搞定|完成|好了|材料|流程|时间|日期|定|通知|邮件|消息|收到|下来|体检|培训|面试|考试|审批|背调|过了$", o):
        return None  # "入职手续办好了" names no employer
    if MEMBERSHIP.search(o):
        return [_d("member_of", o, object_type=EntityType.organization, flags={"change"})]
    return [_d("works_at", o, flags={"change"})]


@pattern(r"^(?:加|入)(?:了|入了)?(?P<o>[^，,]{1,16})$")
def _join_group(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "加了一个跑步群": membership only (加 alone is too common a verb for anything else)."""
    o = clean(m["o"])
    return [_d("member_of", o, object_type=EntityType.organization, flags={"change"})] \
        if is_value(o) and MEMBERSHIP.search(o) else None


#: Employers whose names end like a group's (团, 社): "离开了美团" ends a job, "离开了跑团" a membership.
FIRM_NAME = re.compile(r"(?:集团|美团|出版社|报社|杂志社|旅行社|通讯社|新华社|银行|证券|事务所)$")


@pattern(r"^(?:退出|离开|退(?![的了]?休)|(?P<move>搬离|搬出))(?:了)?(?P<o>.+)$",
         r"^从(?P<o>[^，,]{1,12}?)(?:退出|退群|退|离开|(?P<move2>搬出|搬离))(?:来|去)?(?:了)?$")
def _leave(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    o = re.split(r"(?<=..)(?:回了|去了|来了|到了|搬到|搬去|以后|之后|后(?!海|街))", m["o"])[0]  # "离开北京回了老家": what follows is the next act
    o = clean(_DURATION_TAIL.sub("", re.sub(r"(?:没多久|不久|很久|好久)(?:了)?$", "", o)))  # "离开美团没多久": how long ago
    if not is_value(o):
        return None
    quit_ = m.group().startswith("退") or (m.group().startswith("从") and "退" in m.group())
    how = re.search(r"(?<=.)(?:也|都)?(?:一起|一并|顺便)$|(?<=.)(?:全都|也都)$", o)
    if how is not None and how.start() < 2:
        return None  # "群也一起退了": how it was left, and a group named by no name
    o = o[:how.start()] if how is not None else o
    if m.group().startswith("退") and not m.group().startswith(("退出", "退群")) and not re.search(GROUPS, o):
        if re.search(r"出租屋|合租|租的|.房子$|公寓$|单间$|宿舍$", o):  # "租的那间公寓退了": a rented home given back
            return [_d("lives_in", o, operation=Operation.end, flags={"left", "given_back"})]
        return None  # "退了两件衣服": goods sent back, no group left
    predicate = "lives_in" if m.groupdict().get("move") or m.groupdict().get("move2") else \
        "member_of" if (MEMBERSHIP.search(o) and not FIRM_NAME.search(o)) or quit_ else "lives_in" if is_place(o) else "works_at"
    return [_d(predicate, o, operation=Operation.end, flags={"left"})]


@pattern(r"^(?:是)?(?:从(?P<o>.+?))?(?:离职|离的职|辞职|辞了职|辞的职|辞了工作|辞掉了?工作|(?<=.)辞(?:掉了|了)|(?P<retired>退休|退了休|退的休)|被裁|被裁员|下岗|失业)(?:了)?"
         r"(?:(?:快|将近|有|已经|都)?(?:" + NUMBER + r"|半|几)(?:个)?(?:多)?(?:天|周|星期|月|年)(?:多)?)?(?:了)?$",
         r"^辞(?:掉|去)了?(?P<o>.+?)的(?:工作|职位|差事|职务|岗位|位置)$",
         r"^辞(?:掉|去|了)?了?(?P<o>(?:这份|那份|这个|那个|这家|那家)?(?:工作|公司|单位|职位|差事))(?:了)?$",
         r"^把(?P<o>(?:这份|那份|这个|那个|这家|那家)?(?:工作|公司|单位|职位|差事))(?:给)?辞(?:掉|了)?(?:了)?$",
         r"^把(?P<o>[^，,的]{1,8})的(?:工作|职位|差事|职务)(?:给)?辞(?:掉|了)?(?:了)?$")
def _quit(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    o = clean(m["o"], keep_measure="差事" in m.group()) if m["o"] else ""  # "家教的差事" keeps its 家
    if re.fullmatch(r"(?:这|那)?(?:份|个|家)?(?:工作|公司|单位)?", o):
        o = ""  # "公司我已经辞了": the employer is the one on record
    if o and (OCCUPATION.search(o) or "差事" in m.group()) and re.search(r"职务|职位|岗位|位置|差事", m.group()):  # "辞去了班主任的职务"
        return [_d("job_title", o, operation=Operation.end, flags={"left"})]
    if m.groupdict().get("retired"):  # "我爸已经退休了": a status as well as the end of the job
        return [_d("works_at", o, operation=Operation.end, flags={"left", "needs_object"} if not o else {"left"}),
                _d("employment_status", "退休")]
    return [_d("works_at", o, operation=Operation.end, flags={"left", "needs_object"} if not o else {"left"})]


_GRADE = r"(?:小学?[一二三四五六]年级|[一二三四五六]年级|幼儿园[大中小]班|[大中小]班|大[一二三四五]|高[一二三]|初[一二三]|研[一二三]|博[一二三四五])"
_STAGE = r"(?:" + _GRADE + r"|小学|初中|高中|中学|大学|幼儿园|托班|研究生|硕士|博士后|博士|本科|大专|中专|职高|E?MBA|MPA|研|博)"


@pattern(r"^(?:在|正在)?(?:上|读|念)\s*(?P<o>" + _STAGE + r")(?:了|呢)?$",
         r"^(?:是|在)?(?P<o2>" + _GRADE + r")(?:了|呢|的学生|学生|在读|狗|党|汪|人)?(?:一枚|一只|一个|一名)?$",
         r"^(?:是)?(?P<o>" + _STAGE + r")(?:生)?在读(?:中)?$",
         r"^(?:升|升入|升到|升上|进入|进了|上了)(?:了)?\s*(?P<o3>" + _GRADE + r")(?:了)?$")
def _stage(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我儿子上小学一年级了" / "我读大三" / "我在读博" / "升了初一": where one is in one's schooling (no school named)."""
    o = m.groupdict().get("o") or m.groupdict().get("o2") or m["o3"]
    flags = {"change"} if m.groupdict().get("o3") else set()  # "去年九月升了初一": a year moved up to, from then
    return [_d("current_education", {"研": "研究生", "博": "博士"}.get(o, o), flags=flags)]


@pattern(r"^(?:的)?(?:研究|课题|主攻|读研|读博)?方向(?:是|为|主要是)(?P<o>[^，,]{2,16})$")
def _research_field(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "研究方向是量子计算": what one studies."""
    o = clean(m["o"])
    return [_d("studies", o)] if is_value(o) and not DEICTIC.match(o) and not _QUESTION_WORD.search(o) else None


TAUGHT = r"(?:小学|初中|高中|中学|大学|幼儿园)?(?:语文|数学|英语|物理|化学|生物|历史|地理|政治|音乐|美术|体育|信息技术|科学|日语|钢琴|编程|舞蹈|书法|声乐|吉他|对外汉语)"


@pattern(r"^(?:是)?(?:在(?P<at>[^，,教]{2,12}?))?(?:当|做)?(?:老师)?(?:教|带)(?P<o>" + TAUGHT + r")(?:课)?(?:的)?(?:老师)?$",
         r"^(?:是|在)?(?:一名|一个|个)?(?P<o2>" + TAUGHT + r")(?:老师|教师)$",
         r"^(?:是)?(?P<bare>教书|当老师|做老师|教书匠)(?:的)$")
def _teach(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "在县城中学教化学" / "我是教钢琴的" / "教书的": a teacher, of what where known."""
    if c.flags & {"will", "plan"} or c.hedge:
        return None
    if m.groupdict().get("bare"):
        return [_d("job_title", "老师")]
    drafts = [_d("job_title", (m.groupdict().get("o") or m["o2"]) + "老师")]
    at = clean(m.groupdict().get("at") or "")
    return drafts + ([_d("works_at", at)] if at and is_value(at) else [])


@pattern(r"^(?:是|做|干|搞)(?:个|一名)?(?P<o>自由职业|斜杠青年)$")
def _freelance(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我现在是自由职业": working for oneself."""
    return [_d("employment_status", m["o"])]


@pattern(r"^(?:平时|主要|偶尔|也)?(?:接|揽)(?:一些|一点|点|些)?(?P<o>[^，,的]{2,12}?)的?(?:活儿?|单子?|私活|项目)$")
def _gigs(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "接点日语翻译的活": what a freelancer does for a living."""
    o = clean(m["o"])
    return [_d("job_title", o)] if is_value(o) and not DEICTIC.match(o) and c.subject == "user" else None


@pattern(r"^(?:在|于)(?P<o>[^，,]{2,12}?)(?:读|念|上)(?P<g>" + _GRADE + r")(?:了|呢)?$")
def _study_grade(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "在实验小学上三年级": the school and the year."""
    o = clean(m["o"])
    if not is_value(o):
        return None
    if m.groupdict().get("g"):
        return [_d("studies_at", o), _d("current_education", m["g"])]
    return None


#: Posts won by an examination ("考上公务员", "考上了事业编"): a job, not a school.
_CIVIL_POST = re.compile(r"公务员|事业编|事业单位|编制|教师编|选调生|军官|警察|辅警|村官")


@pattern(r"^(?:考上|考进|考取|考入|(?:考研|考博|保研|读研)?(?:成功)?上岸(?:到)?)(?:了)?(?P<o>[^，,]{2,12})$", r"^(?:被)?(?P<o>[^，,]{2,12}?)录取(?:了)?$")
def _admitted(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "考上了复旦" / "考上研究生": where (or at what stage) one studies from now."""
    o = clean(m["o"])
    if not is_value(o):
        return None
    if re.fullmatch(_STAGE, o):
        return [_d("current_education", {"研": "研究生", "博": "博士"}.get(o, o), flags={"change"})]
    if _CIVIL_POST.fullmatch(o):
        return [_d("job_title", o, flags={"change"})]  # "考上公务员了": a post won, no school
    if "录取" in m.group() and not re.search(r"大学?|学院|学校|中学|小学|高中|研究生|研究院|大$|University|College", o) and not is_place(o):
        return [_d("works_at", o, flags={"change"})]  # "我被字节录取了": hired, not admitted to a school
    return [_d("studies_at", o, flags={"change"})]


@pattern(r"^(?:在|于)(?P<o>.+?)(?:读书|上学|念书|读研究生|读本科|读的?大学|读硕士|念的?大学|上的?大学|留学|读的(?:本科|研究生|研|硕士|博士)|"
         r"(?:读|念)(?:研|博士?|硕士|本科|大学|高中|初中|小学|大|高|初)?[一二三四五六]?(?:年级)?|"
         r"上(?:研|博士?|大学|高中|初中|小学|大[一二三四]|高[一二三]|初[一二三]))$")
def _study(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    o = clean(m["o"])
    return [_d("studies_at", o)] if is_value(o) else None


@pattern(r"^(?:在|于)(?P<o>.+?)读完了?(?:硕士|本科|博士|研究生|大学|书|高中)(?:学位)?$",
         r"^毕业于(?P<o2>[^，,]+?)(?:了|的)*$", r"^从(?P<o2>[^，,]+?)毕业(?:了|的)*$")
def _graduate(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    o = clean(m.groupdict().get("o") or m.groupdict().get("o2") or "")
    if o in ("学校", "大学", "高中", "研究生"):
        return None  # "从学校毕业" names no school
    return [_d("graduated_from", o, memory_type=MemoryType.episodic, flags={"event"})] if is_value(o) else None


@pattern(r"^(?:留)?(?:在|于)(?:了)?(?P<o>[^，,]{1,12}?的(?:公司|企业|单位|工厂|厂|店|机构|工作室|团队|医院|学校|门店)|[^，,]{1,12}?)(?:当|做|担任|干|搞)"
         r"(?:一名|一个|一位|个|名|位)?(?P<j>[^，,]{1,10})$")
def _work_as(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "在医院当护士" / "在腾讯搞算法": the employer and the job."""
    o, job = clean(m["o"]), clean(m["j"])
    if not is_value(o) or not is_value(job) or m["j"].startswith(("了", "过", "完")):
        return None
    if re.match(r"(?:一家|一所|一间)", m["o"]) and len(job) <= 4:  # "在一家券商做投研": a firm, so a job
        return [_d("works_at", o), _d("job_title", job)]
    if not is_occupation(job):  # "在平安保险做理赔": the employer, where work is the topic
        return [_d("works_at", o, flags={"needs_job_context"})] if len(job) <= 4 and o not in _NOWHERE \
            and not is_place(o) else None
    return [_d("works_at", o), _d("job_title", job)]


@pattern(r"^(?:在|于)(?P<o>.+?)(?:工作|上班|任职|就职|实习|打工|打拼|供职|做事|当差|干活|干|上过班|打过工)(?:过)?$",
         r"^(?:就职于|任职于|供职于|受雇于|工作于|服务于)(?P<o>.+)$")
def _work_at(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    o = clean(m["o"])
    if not is_value(o) or (m.group().endswith(("干", "干活")) and o in _NOWHERE) or re.search(r"找|了(?:份|个)", o) \
            or re.match(r"(?:这|那)(?:边|里|儿)", o):
        return None  # "在家干活" names no employer; "在这边找了份工作": a job found, no name
    if re.search(r"打工|打拼$", m.group()) and is_place(o):
        return [_d("lives_in", o)]  # "在深圳打工": a city one works in for a living is where one lives
    return [_d("works_at", o, flags={"worked"} if re.search(r"过(?:班|工)?$", m.group()) else set())]


@pattern(r"^(?:是|(?:正式)?(?:成为|成了|变成)(?:了)?)?(?P<o>[^，,]{1,16}?)的(?:正式|全职|兼职|在职|一名|一个)?(?:员工|职员|雇员)(?:了)?$",
         r"^(?:被)?(?P<o2>[^，,]{1,12}?)(?:挖走|挖过去|挖去|挖了过去|招走)(?:了)?$")
def _employee(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "是华为的正式员工" / "被百度挖走了": the employer."""
    o = clean(m.groupdict().get("o") or m["o2"])
    return [_d("works_at", o, flags={"change"} if m.groupdict().get("o2") else set())] if is_value(o) else None


@pattern(r"^(?:从(?P<old>[^，,]{1,8}?))?" + _CAREER + r"(?:一名|一个|个|名)?(?P<o>[^，,]{1,10})$",
         r"^(?:从(?P<old2>[^，,]{1,8}?))?(?:转成|转为|转做|转到|转岗到|转岗做|转岗成|改做|改成|转了|转去做|转去当)(?:了)?(?:一名|一个|个|名)?(?P<o>[^，,]{1,10}?)(?:了)?$")
def _career(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "转行做了产品经理" / "从前端转成了后端": a new job (and the one it replaces)."""
    o = clean(m["o"])
    old = clean(m.groupdict().get("old") or m.groupdict().get("old2") or "")
    if old and not is_occupation(old):
        return None  # "从北京转到上海" is no job
    return [_d("job_title", o, replaces=old or None, flags={"change"})] \
        if is_value(o) and is_occupation(o) else None


@pattern(r"^是(?P<v>开|跑|卖|送|修|教|带|拉|做|搞|干)(?P<o>[^，,的]{1,6}?)的$")
def _trade_by_act(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我是开滴滴的" / "跑外卖的" / "卖保险的": a living named by what one does (not "是开车来的": how one came)."""
    o = clean(m["o"])
    if not is_value(m["v"] + o) or DEICTIC.match(o) or re.search(r"[来去回过了着你我他她]$|玩笑|心|车来|车去", o) or re.match(r"[你我他她它]", o):
        return None
    if m["v"] in ("做", "搞", "干"):
        return None  # the line of work itself: `_job`
    if not (_TRADE.search(o) or FIELD.search(o) or any(t.startswith(("n", "vn", "zg")) for _, t in tagged_words(o)[-1:])):
        return None  # "是送过来的": no trade
    return [_d("job_title", m["v"] + o)]


@pattern(r"^(?:是)?(?:一名|一个|个)?(?P<o>北|沪|深|杭|广|蓉)漂(?:一族)?(?:了)?$")
def _drifter(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我是北漂" / "沪漂一族": working away from home in that city, so living there."""
    return [_d("lives_in", _DRIFT_CITIES[m["o"]])]


_DRIFT_CITIES = {"北": "北京", "沪": "上海", "深": "深圳", "杭": "杭州", "广": "广州", "蓉": "成都"}


@pattern(r"^(?:是)?(?P<v>当|做|担任|作为|干|搞)?(?:一名|一个|一位|个|名|位)?(?P<o>.+?)(?P<de>的)?$")
def _job(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    if not m.group().startswith("是") and not m["v"] and not (  # "我其实是测试开发": 其实是 lifted off
            "correct" in c.flags and is_occupation(m.group()) and len(m.group()) <= 8):
        return None
    if m["o"].startswith(("了", "过", "完")) or re.fullmatch(r"出?生的?", m["o"]):
        return None  # "做了过敏测试": something done, not a job; "是1992年出生的": a birth year
    o = clean(m["o"])
    if m["v"] in ("做", "干", "搞") and m["de"] and is_value(o) and (FIELD.search(o) or _TRADE.search(o)) and len(o) <= 8:
        return [_d("job_title", o)]  # "是干销售的" / "做服装批发的": the line of work
    if m["v"] in ("做", "干", "搞") and not m["de"] and "progressive" in c.flags and is_value(o) and _TRADE.search(o) and len(o) <= 8:
        return [_d("job_title", o)]  # "一直在做自媒体": a trade one is in
    studied = re.fullmatch(r"(?:学|读|念)(?!生|校|期|霸|渣|长)(?P<s>[^，,的]{1,8}?)(?:专业)?", o) if m["de"] and not m["v"] else None
    if studied:
        return [_d("studies", studied["s"])]  # "我是学医的": what one studied, not a job
    if re.search(r"素食|吃素|纯素", o):
        return [_d("diet", "素食")]
    if re.search(r"(?:爱好者|发烧友|粉丝|铁粉|迷)$", o):
        return None  # "我是重度的摇滚乐爱好者": a liking, read by _fan
    if not is_value(o) or not (OCCUPATION.search(o) or (FIELD.search(o) and len(o) <= 6 and not m["de"] and (
                                                      m.group().startswith("是") or "correct" in c.flags))) or len(o) > 12:
        return None
    at, de, role = o.rpartition("的")
    if de and OCCUPATION.search(role) and is_value(role):  # "是宠物医院的兽医": the role, and the employer when named
        named = (kind := _INSTITUTION.search(at)) is not None and kind.start() > 0  # "市一医院", not a bare "学校"
        if re.search(r"生$", role) and not re.match(r"[我你他她它这那]", at):
            return [_d("job_title", role), _d("studies_at", at)]  # "是川大的大四学生": the school
        return [_d("job_title", role), *([_d("works_at", at)] if named else [])]
    return [_d("job_title", o)]


#: Words that end the name of a place of work ("宠物医院", "市一中", "设计院").
_INSTITUTION = re.compile(r"(?:医院|诊所|学校|中学|小学|大学|学院|幼儿园|公司|银行|研究院|研究所|设计院|事务所|律所|工厂|厂|集团|报社|电视台|门店|酒店)$")


@pattern(r"^(?:是)?(?:出生|生)(?:的|人)?$", r"^是(?P<yy>[零〇一二三四五六七八九\d]{2})年(?:出生|生)?的$", r"^是(?P<yy2>[零〇一二三四五六七八九\d]{2})后$")
def _born(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我是 1992 年出生的" / "我是九五年的": the year (the time was lifted off the clause)."""
    short = m.groupdict().get("yy")
    if short:  # two digits: the last century's, unless that makes one older than 100 ("零二年" is 2002)
        yy = int("".join(str(to_int(ch)) if not ch.isdigit() else ch for ch in short))
        return [_d("birth_year", str(2000 + yy if 2000 + yy <= c.reference.year else 1900 + yy))]
    if m.groupdict().get("yy2"):
        return None  # "我是九零后": a generation, not a year
    year = next((s.start.year for s in c.times if s.start is not None and s.end is not None
                 and s.end - s.start >= timedelta(days=365)), None)
    return [_d("birth_year", str(year))] if year else None


@pattern(r"^(?:跟|和|与)(?P<who>[^，,]{1,8}?)(?:一起|一块儿?)?住(?:在一起|一起|在一块)?(?:了)?$")
def _lives_with(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我婆婆跟我们住在一起" / "我跟爸妈一起住": who one lives with."""
    who = clean(m["who"])
    who = "用户" if who in ("我", "我们", "咱们") else who
    return [_d("lives_with", who, flags={"change"})] if is_value(who) or who == "用户" else None


@pattern(r"^(?:的)?口味(?:偏|偏向|比较|很|挺|一直)?(?P<o>清淡|重|甜|咸|辣|酸|淡)(?:一点|一些)?(?:的)?$",
         r"^(?:吃(?:东西|饭)?|口味)?(?:偏|偏向|偏爱|爱吃)(?P<o>清淡|重口|甜|咸|辣|酸|淡)(?:一点|一些|口)?(?:的)?$")
def _taste(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我口味偏清淡": a taste one likes."""
    return [_d("likes", m["o"] if len(m["o"]) > 1 else "口味" + m["o"])]


@pattern(r"^(?:每天|每日|一天|天天)(?:都|基本|至少|差不多|大概|一般)?(?:要|得|会|能)?(?P<v>喝|抽|吃)(?P<o>(?:" + NUMBER + r"|半|几)(?:杯|瓶|罐|根|包|支|顿|碗)[^，,]{0,6})$")
def _daily(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我每天都要喝三杯咖啡": how much one has a day (the English rules' "drinks")."""
    return [_d({"喝": "drinks", "抽": "smokes", "吃": "eats"}[m["v"]], m["o"] + "/天")]


_ATTRIBUTES = {"配速": "running_pace", "血型": "blood_type", "鞋码": "shoe_size", "星座": "zodiac_sign", "属相": "zodiac_animal"}


@pattern(r"^(?:跑步)?的?(?P<a>配速|血型|鞋码|星座|属相)(?:大概|大约|差不多|一般)?(?:是|在|为)?(?P<o>[^，,]{1,12})$")
def _attribute(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我的血型是O型" / "我跑步的配速是六分钟一公里": a personal attribute."""
    o = clean(m["o"])
    return [_d(_ATTRIBUTES[m["a"]], o)] if is_value(o) else None


@pattern(r"^(?:是|属于)\s*(?P<o>AB|A|B|O|ab|a|b|o)\s*型(?:血)?(?:的)?$")
def _blood_type(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我是 O 型血" / "我应该是AB型的": the blood type said with 是."""
    return [_d("blood_type", m["o"].upper() + "型")]


@pattern(r"^的?(?:职业|工作|职位|岗位)(?:是|为)(?P<o>[^，,]{1,10})$")
def _occupation_is(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我的职业是产品经理": the job named as such."""
    o = clean(m["o"])
    return [_d("job_title", o)] if is_value(o) and not DEICTIC.match(o) else None


@pattern(r"^(?:是)?(?:素食主义者|素食者|吃素的?|纯素食?者?|吃斋)$", r"^吃素")
def _diet(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    return [_d("diet", "素食")]


_DEGREE = r"(?:好像|可能|也许|大概|似乎|应该|估计|有点儿?|有些|一点|比较|很|挺|特别|非常|严重|轻微|轻度|都|也|会|还|有)*"


@pattern(r"^(?:对|是对)(?P<o>.+?)" + _DEGREE + r"(?P<neg>不|没有|没)?" + _DEGREE
         + r"(?:过敏|不耐受|不耐|敏感)(?:反应|症状)?(?:的|了)?$",
         r"^(?P<o2>[^对是有]{1,10}?)(?:过敏|不耐受|不耐)(?:的)?(?:(?:还)?(?:挺|很|特别|非常|比较|超|有点)?(?:严重|厉害)(?:的)?)?$")
def _allergy(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    o = clean(m.groupdict().get("o") or m.groupdict().get("o2") or "")
    negated = bool(m.groupdict().get("neg"))
    return [_d("allergic_to", part, negated=negated) for part in split_list(o)] if is_value(o) else None


@pattern(r"^(?:一直)?(?:每天|每晚|天天|按时|定期|长期)?(?:都)?(?:在)?(?:吃|服用|服|用|打|注射)(?P<o>.+)$")
def _medication(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    o = clean(m["o"])
    if o in ("药", "药物", "点药", "中药", "西药") or re.match(
            r"^(?:(?:" + NUMBER + r"|几|半)(?:个)?(?:天|周|星期|个?月|年|顿|次)(?:的)?药|药(?!物$|片$|丸$|膏$)[^，,]{1,4}$)", o):
        return None  # "在吃药" / "得吃两周药" / "吃药控制着" name no medicine
    return [_d("takes_medication", o)] if is_value(o) and _MEDICINE.search(o) and len(o) <= 12 else None


@pattern(r"^(?:在)?(?:做|开发|搞|写|弄|研发|打造|做着)(?:一个|一款|个|款)?(?P<o>.+)$")
def _project(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    o = clean(m["o"])
    if not is_value(o) or not PROJECT.search(o) or len(o) > 24 or re.match(r"^(?:完|好|掉)", m["o"]):
        return None  # "写完论文": finishing something is a task, not a project
    language = re.fullmatch(r"(?:点|一点|些|一些)?\s*(?P<l>[A-Za-z][A-Za-z0-9+#.]*(?: [A-Z][A-Za-z0-9+#.]*)?)", o)
    if m.group().startswith(("写", "在写")) and language:
        return [_d("uses", language["l"])]  # "写 TypeScript": a language one writes in
    return [_d("current_project", o, flags={"project"})]


#: What "不用" says there is no need for ("不用麻烦了", "不用客气"): nothing one stopped using.
_NO_NEED = re.compile(r"担心|麻烦|客气|谢|着急|急|操心|管|在意|怕|紧张|费心|破费")
#: What a tool is used for, said after it ("用飞书写文档", "改用 Obsidian 记笔记"): no part of its name.
#: A verb of use ends the tool's name when more follows it ("用 Notion 记笔记"); one of ``_USED_FOR_WHOLE``
#: ends it anywhere ("用钉钉开会", not "印象笔记").
_USED_FOR = r"(?:来|做|写|开发|搞|编程|办公|进行|处理|跑|剪|画|学|记|管理|买|订|点|叫|聊|拍|搜|查|修|看|听|追|刷)"
_USED_FOR_WHOLE = r"(?:办公|开会|沟通|上课|上网课|备份|聊天|记账|打卡|编程|剪视频|修图|记笔记|写代码|写文档)"


@pattern(r"^(?:用|使用|在用)(?!心|力|功|餐)(?:的)?(?P<neg>不是)?(?:是)?(?P<o>.+?)(?:" + _USED_FOR + r"(?P<rest>.+)|" + _USED_FOR_WHOLE + r")?$")
def _use(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    o = clean(re.sub(r"(?:比较多|最多|较多|多一些|多一点|居多)$", "", m["o"]))  # "我用微信比较多"
    if not is_value(o) or len(o) > 30 or DEICTIC.match(m["o"]) or re.match(r"[它你他她再]|就(?:行|好|可以|够)|试试|看看", o) or re.fullmatch(r"[完好过掉光]", o) \
            or re.search(r"(?:比较|很|太|挺|特别|不太|有点|超)(?:慢|快|累|难|方便|麻烦|顺手|习惯|费劲|卡)", m.group()) \
            or ("不用" in c.text and ([tag for w, tag in tagged_words(o)[:1] if len(w) > 1] == ["v"] or _NO_NEED.match(o))):
        return None  # "我用这个就行" / "我用它试试看" / "用手机打字比较慢" / "不用再挤地铁" / "不用担心了": no tool habit named
    negated = bool(m["neg"])
    drafts = []
    for part in split_list(o):
        os_name = _OS.search(part)
        if os_name and not re.search(r"iPhone|iPad|MacBook", part, re.I):
            name = OPERATING_SYSTEMS.get(os_name.group().lower(), os_name.group())
            drafts.append(_d("uses_os", name, negated=negated))
        else:
            drafts.append(_d("uses", part, negated=negated))
    return drafts


@pattern(r"^(?:改|换)(?:成|为)?(?P<v>喝|用|吃|听|看|打|玩|练|踢|学)(?P<o>.+)$", r"^(?:改|换)(?:成|为|了)?(?P<o>[^，,]{1,6}?)(?:了)?$")
def _swap(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    o = clean(m["o"])
    verb = m.groupdict().get("v")
    if verb is None and _OS.fullmatch(o) and not re.match(r"^(?:改|换)(?:成|为)", m.group()):
        # "以前用安卓，现在换Linux了" ("换成 Mac 了" is the value said for the slot before: `_became`)
        return [_d("uses_os", OPERATING_SYSTEMS.get(o.lower(), o), flags={"change"})]
    phone = switched_phone(o, None) if verb is None and (not re.match(r"^(?:改|换)(?:成|为)", m.group())
                                                         or re.search(r"手机|机$", o)) else None
    if phone:  # "以前用安卓，现在换苹果了" / "换了苹果手机"
        return phone
    if not is_value(o) or (verb is None and not _PASTIME.search(o)):
        return None  # "改游泳了" is a new pastime; "改名字了" is not
    if verb == "喝":
        return [_d("preferred_drink" if o in _DRINKS else "likes", o, flags={"change"})]
    if verb == "用":  # "改用 Obsidian 记笔记了": the tool, not what it is used for
        o = clean(re.sub(r"(?<=.)(?:" + _USED_FOR + r".+|" + _USED_FOR_WHOLE + r")$", "", o, count=1) if len(o) > 3 else o)
        if _OS.fullmatch(o):  # "不用 Windows 了，改用 Mac": the system replaced
            return [_d("uses_os", OPERATING_SYSTEMS.get(o.lower(), o), flags={"change"})]
    return [_d("uses" if verb == "用" else "likes", o, flags={"change"})]


PHONE_MAKES = re.compile(r"苹果|华为|小米|三星|荣耀|一加|魅族|OPPO|vivo|iPhone(?:\s?\d{1,2})?(?:\s?Pro(?:\s?Max)?)?", re.I)


def switched_phone(o: str, old: str | None) -> list[Draft] | None:
    """ "换了苹果手机" / "从安卓换到 iPhone": a phone make that runs one system only (Apple's) is said on the
    system slot, so the system said before (安卓) is replaced, not kept beside it."""
    make = re.sub(r"(?<=.)(?:手机|机)$", "", o)
    if not PHONE_MAKES.fullmatch(make):
        return None
    if re.match(r"苹果|iPhone", make, re.I):
        return [_d("uses_os", f"iOS（{make}）", replaces=old, flags={"change"})]
    return [_d("uses", make, replaces=old, flags={"change"})]



@pattern(r"^(?P<neg>不太|不怎么|不|没那么)?(?:喜欢|爱)(?:上)?(?:吃|喝|看|听|玩)?(?:了|的)?$")
def _bare_like(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "现在不喜欢了" / "现在反而喜欢了": the thing is the one named before."""
    if m["neg"]:
        return [Draft(predicate="likes", object="", operation=Operation.end, flags={"needs_object"})]
    return [Draft(predicate="likes", object="", flags={"needs_object", "bare_like"})]


@pattern(r"^对(?P<o>[^，,]{1,16}?)(?:已经|早就|都|也|再也|一点|一点都|一点也|根本|完全|真的是|真是|真的|实在是?|简直|确实|是)*(?P<neg>不|没|没有|不太|不怎么|没(?:有)?(?:以前|之前|原来|过去)?那么|不再|失去了?)?(?:很|非常|特别|挺|比较|超|十分|那么|什么|啥|多大|太)?"
         r"(?:感兴趣|有兴趣|兴趣|情有独钟|着迷|上瘾|入迷|痴迷|感冒|热衷|上心|爱不释手|欲罢不能|如痴如醉)(?:了|的)?$",
         r"^对(?P<o>[^，,]{1,16}?)(?:特别|完全|真的|根本|一点|都|也|是)*(?P<weak>没什么|没有|毫无|没啥|没)抵抗力(?:了|的)?$",
         r"^对(?P<o>[^，,]{1,16}?)(?:一点|一丁点|半点|丝毫|一点儿)(?:都|也)?(?:不)?(?:兴趣|热情|感觉)?(?:都|也)(?P<none>没有|没|不感兴趣)(?:了)?$",
         r"^对(?P<o>[^，,]{1,16}?)(?:完全|真的|一直|向来|一向|都|也|是|已经)*(?P<none>无感|不来电)(?:了)?$",
         r"^对(?P<o>[^，,]{1,16}?)的(?P<lost>兴趣|热情|热爱|喜爱)(?:已经|早就|都|也|越来越|变得)?(?P<how>没了|没有了|消失了|淡了|减退了|降了|不大了|不在了|大不如前了?|不如以前了?|不如从前了?|少了很多|大了|浓了|很大|很浓)$")
def _interest(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    if DEICTIC.match(m["o"]) or re.fullmatch(r"(?:这|那)(?:些|样|种)?(?:东西|事)?", m["o"]):
        return None  # "对这些完全没兴趣了": what was named before is read there
    if m.groupdict().get("none"):  # "对海鲜一点兴趣都没有"
        o = clean(m["o"])
        ended = "ended" in c.flags or c.text.rstrip("。！!～~… ").endswith("了")
        return [_d("likes", o, operation=Operation.end)] if ended else [_d("dislikes", o)] if is_value(o) else None
    if m.groupdict().get("weak"):
        o = clean(m["o"])
        return [_d("likes", _liked(o))] if is_value(o) else None
    if m.groupdict().get("lost"):  # "对咖啡的兴趣没了": a liking that ended ("越来越大了": one that grew)
        o = clean(m["o"])
        grew = m["how"] in ("大了", "浓了", "很大", "很浓")
        return [_d("likes", _liked(o), operation=Operation.add if grew else Operation.end)] if is_value(o) else None
    """ "对摄影很感兴趣" is a liking; "对篮球不感兴趣了" ends one."""
    o = clean(m["o"])
    if not is_value(o):
        return None
    if m["neg"]:
        ended = "ended" in c.flags or c.text.rstrip("。！!～~… ").endswith("了")
        return [_d("likes", o, operation=Operation.end)] if ended else [_d("dislikes", o)]
    return [_d("likes", _liked(o))]


@pattern(r"^对(?P<o>[^，,]{1,10}?)(?:已经|早就|都|也|有点|有些|彻底)*(?:玩|看|吃|听|喝|用)?(?:腻|厌倦|厌烦)(?:了)?$",
         r"^(?P<o2>[^，,]{1,10}?)(?:已经|早就|都|也|有点|有些|彻底)*(?:玩|看|吃|听|喝|用)(?:腻|厌)了$",
         r"^(?:玩|看|吃|听|喝|用)(?:腻|厌)了(?P<o3>[^，,]{1,10})$")
def _bored(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "对王者荣耀已经腻了" / "火锅吃腻了": a liking that wore off."""
    o = clean(m.groupdict().get("o") or m.groupdict().get("o2") or m.groupdict().get("o3") or "")
    return [_d("likes", o, operation=Operation.end)] if is_value(o) and not DEICTIC.match(o) else None


_APPEAL = r"(?:好喝|好吃|好用|好玩|好看|好听|好养|香|舒服|顺手|有意思)"


@pattern(r"^(?:我)?(?:一直|还是|始终)?(?:觉得|感觉|认为)?(?P<b>[^，,你他她我比没不]{1,6}?)(?:没有|没|不如)(?P<a>[^，,你他她我]{1,6}?)(?:那么|这么)?" + _APPEAL + r"(?:的|吧|啊)?$",
         r"^(?:我)?(?:一直|还是|始终)?(?:觉得|感觉|认为)?(?P<a>[^，,你他她我比没不]{1,6}?)比(?P<b>[^，,你他她我]{1,6}?)(?:更|还|要)*" + _APPEAL
         + r"(?:多了|一点|一些|些|得多|太多)?(?:的|吧|啊)?$")
def _appeal_compared(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "可乐没有雪碧好喝" / "川菜比粤菜好吃": of two things compared by their appeal, the better one is liked."""
    a, b = clean(m["a"]), clean(m["b"])
    if not is_value(a) or not is_value(b) or DEICTIC.match(m["a"]) or _QUESTION_WORD.search(a + b) or c.subject != "user":
        return None
    return [_d("likes", a)]


@pattern(r"^(?:觉得|感觉|发现)(?P<o>[^，,]{1,10}?)(?:挺|很|特别|蛮|还挺|越来越|真)?(?:有意思|有趣|好玩|好吃|好喝|香|不错|爽|舒服|解压|治愈)(?:的|了)*$")
def _finds_fun(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "现在觉得做饭挺有意思的": a liking."""
    o = clean(m["o"])
    if re.fullmatch(r"(?:也|还|都|就|倒是?|反而)*(?:挺|很|特别|蛮|还挺|越来越|真|超)?", o):
        return [Draft(predicate="likes", object="", flags={"needs_object", "bare_like"})]  # "现在觉得挺好吃": what was named
    return [_d("likes", o)] if is_value(o) and not DEICTIC.match(o) and not o.startswith(("这", "那", "他", "她")) else None


@pattern(r"^(?P<o>[^，,我你他她]{1,12}?)(?:真的是|真是|简直|真的|实在|一直|从来|向来|都|也|就|是|真)*(?:" + FOND_IDIOM + r")(?:的|了|地)?$")
def _never_tired_of(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "《甄嬛传》真是百看不厌" / "他的直播期期不落": a liking said by never tiring of it."""
    o = clean(m["o"])
    return [_d("likes", o)] if is_value(o) and not DEICTIC.match(o) and not _QUESTION_WORD.search(o) else None


@pattern(r"^(?:是)?(?:个)?无(?P<o>[\u4e00-\u9fff]{1,2})不欢(?:的(?:那种|那类)?人)?$")
def _cannot_live_without(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "无辣不欢": a strong liking."""
    return [_d("likes", m["o"])]


#: Acts said with no thing after them ("孩子实在不爱学"): no thing disliked.
_BARE_ACTS = frozenset("学做干去练写读看听说动管弄")


#: How much a feeling is felt ("烦死了", "烦透了", "烦得要命"): no thing disliked.
_FEELING_DEGREE = re.compile(r"(?:死|坏|透|极|惨|得要命|得不行|得很|疯)(?:了|啦|掉了)?[!！~～]*")


@pattern(r"^(?:不是(?:很|太|特别|那么|非常)(?:喜欢|爱)|不太喜欢|不怎么喜欢|不喜欢|讨厌|不(?:太|怎么|大)?爱|受不了|厌恶|反感|烦|最讨厌|吃不来|吃不惯|喝不惯|吃不下去?|喝不下去?|[看听]不(?:进|下)去?|接受不了|不(?:太|怎么)?感冒|"
         r"不(?:怎么|太|大)?(?:能)?(?=吃|喝)|吃不了|喝不了|最怕|怕(?=吃|喝|坐|闻|听|冷|热|黑|疼|痛|吵|晒|麻烦|虫|蛇))(?P<o>.+)$")
def _dislike(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    raw = _KIND.sub("", m["o"])
    raw = re.sub(r"^(?:这|那)(?:家|个|间)?[^，,的]{0,4}?的(?=[^，,的]{2,8}$)", "", raw)  # "这家店的酸菜鱼": the dish, not the shop pointed at
    o = clean(raw)
    if not is_value(o) or DEICTIC.match(raw) or o in _BARE_ACTS or _FEELING_DEGREE.fullmatch(raw):
        return None  # "我不喜欢这个颜色，换一个": about the reply, not the user; "不爱学": an act, nothing named
    if "ended" in c.flags and re.match(r"(?:最)?(?:讨厌|厌恶|反感|烦|受不了|接受不了|怕)", m.group()):
        return [_d("dislikes", _liked(o), operation=Operation.end)]  # "我不再讨厌下雨天了": the dislike ended
    if "ended" in c.flags:
        drink = re.sub(r"^(?:喝|吃)", "", o)
        return [_d("likes", drink if drink in _DRINKS else _liked(o), operation=Operation.end)]
    return [_d("dislikes", _liked(o))]


#: A thing named before its verb that is cut wrong ("健身房好久没去了") or someone else's ("香菜老公不吃").
NOT_A_TOPIC = re.compile(r"还|好久|很久|最近|" + RELATION_WORDS)


@pattern(r"^(?P<o>[^，,我你他她这那]{1,8}?)我?(?:是|向来|从来|一向|基本)*(?:一口|一点儿?|一滴|从来|根本|压根儿?|绝对)?(?:都|也)?"
         r"(?:不|没)(?:碰|吃|喝|沾|看|听|用)(?:的)?$")
def _never_touched(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "香菜我一口都不碰" / "酒我是一滴不沾的": a thing named first and refused as a rule."""
    o = clean(m["o"])
    rule = re.search(r"我|是|向来|从来|一向|一口|一点|一滴|根本|压根|绝对", m.group(0)[len(m["o"]):])
    if not is_value(o) or _PAST.fullmatch(o) or _NOW.fullmatch(o) or c.times or "ended" in c.flags \
            or NOT_A_TOPIC.search(o) or not rule:
        return None  # "早饭没吃" / "药还没吃": not done yet, no rule; "香菜老公不吃": someone else's
    return [_d("dislikes", o)]


@pattern(r"^(?:一直|总|总是|始终)?(?:觉得|感觉|认为)(?P<o>[^，,你他她我]{1,10}?)(?:很|挺|太|特别|非常|超|有点儿?|比较|真的|巨)?"
         r"(?P<v>烦|一般|难吃|难喝|无聊|没意思|难看|难听|吵|没劲|臭|苦|难闻|幼稚|腻|恶心|不好吃|不好喝|不好玩|好吃|好喝|好玩|好看|好听|有意思|有趣)(?:的)?$")
def _judged(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "以前觉得寿司一般" / "觉得爵士乐很好听": a judgement of a thing the user tried is a dislike or a liking of it."""
    o = clean(m["o"])
    if not is_value(o) or DEICTIC.match(m["o"]) or _QUESTION_WORD.search(o) or o.startswith("的") \
            or re.search(r"有点|很|挺|太|最近|今天|昨天|现在|外面|这里|那里|这边|那边|天气", o):
        return None  # "觉得有点吵" / "觉得最近很烦" / "觉得外面很吵": a mood or a place, no thing tried
    good = m["v"] in ("好吃", "好喝", "好玩", "好看", "好听", "有意思", "有趣")
    return [_d("likes" if good else "dislikes", o)]


#: "那种强行推销的电话": a kind described, not a thing pointed at in the conversation
# "那种安静的小店" / "这种下雨天窝在家里看书": a kind described, or a scene said as a clause, is no pointer
_KIND = re.compile(r"^(?:那种|这种|这类|那类|那样的|这样的)(?=[^，,]{1,10}的[^，,]{1,8}$|[^，,的]{5,16}$)")


def _liked(o: str) -> str:
    """What is liked, without the verb of having it: 吃火锅 -> 火锅, 听爵士乐 -> 爵士乐 (看书 stays)."""
    rest = re.sub(r"^(?:吃|喝|看|听|玩)", "", o)
    return rest if len(rest) >= 2 else o


@pattern(r"^(?P<more>更|最|比较|还是更|更加)?(?:喜欢|爱(?!奇艺|彼迎)|热爱|喜爱|爱上了?|迷上了?|钟爱|钟情于?|热衷于?|醉心于?|痴迷于?|沉迷于?|着迷于|离不开|偏爱|偏好|爱好|迷恋|享受|倾向于?|偏向于?|宁愿|宁可|中意|迷(?![路糊信茫惑失你]))(?:上了?|死了?)?(?P<o>.+)$")
def _like(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    raw = _KIND.sub("", m["o"])
    raw = re.sub(r"^(?:这|那)(?:家|个|间)?[^，,的]{0,4}?的(?=[^，,的]{2,8}$)", "", raw)  # "这家店的酸菜鱼": the dish, not the shop pointed at
    o = clean(re.sub(r"(?<=.)(?:一点儿?|一些|点儿)$", "", raw))  # "更喜欢猫一点"
    if not is_value(o) or o.startswith(("你", "您", "的")) or DEICTIC.match(raw):
        return None  # "喜欢的颜色…": the favourite named, said by another pattern
    if re.match(r"(?:他|她|它|我|大家|自己|人家)(?!们的|的)|(?:他|她|它)们$", o):
        return None  # "我喜欢他" / "我爱我自己": a person, no liking to keep
    used = re.match(r"^用\s*(?P<t>[A-Za-z][A-Za-z0-9+#. ]*?)\s*(?:来|做|写|开发|剪|画|记|办公|编程|修|拍|处理|管理)", o)
    if used:  # "喜欢用 VS Code 写代码": a tool one uses
        return [_d("uses", used["t"].strip())]
    drink = re.sub(r"^(?:喝|吃)", "", o)
    if _STYLE.search(o) or "style" in c.flags:
        return [_d("style_preference", o)]
    if drink in _DRINKS:
        return [_d("preferred_drink" if m["more"] or "more" in c.flags else "likes", drink)]
    category = next((_CATEGORIES[f.partition(":")[2]] for f in c.flags if f.startswith("topic:")
                     and f.partition(":")[2] in _CATEGORIES), None)
    if category and m["more"] == "最":  # "运动里我最喜欢游泳"
        return [_d(f"preferred_{category}", _liked(o))]
    return [_d("likes", _liked(o))]


_DEVOTED = r"(?:资深|忠实|十足|超级|骨灰级|重度|铁杆|狂热|死忠|业余|真爱|老)"


@pattern(r"^(?:是|变成了?|成了)(?:个|一个|一名|一位)?(?:" + _DEVOTED + r"的?)?(?P<o>[^，,]{1,9}?)(?:控|迷|粉|奴|爱好者|发烧友|铁粉|粉丝|派|党)(?:了)?$")
def _fan(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我是个咖啡控" / "我是个猫奴": a liking said as who one is ("湖人球迷": a fan of 湖人)."""
    o = clean(m["o"])
    o = re.sub(r"(?<=..)(?:球|歌|影|书|车|戏|剧|乐)$", "", o) if m.group().endswith("迷") else o
    o = re.sub(r"(?<=.)的?" + _DEVOTED + r"$", "", o)  # "川菜的死忠粉", "湖人的铁杆球迷": the degree said after the thing
    return [_d("likes", o)] if is_value(o) and (len(o) >= 2 or o in ("猫", "狗")) else None


@pattern(r"^(?:有|生了)(?P<m>个|位)(?P<o2>" + RELATION_WORDS + r")$")
def _has_relative(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我有个女儿": one relative (the clauses after it may be about them)."""
    return [_d("has", "一" + m["m"] + m["o2"])]


@pattern(r"^(?:在[^，,养]{1,6}?)?(?:家里?|手上|手里|手头|名下|[^，,有养我你他她]{1,5}?[里上])?(?:还|一共|总共|共)?(?:有|养了|养着|养|拥有|生了|领养了|收养了|捡了)(?P<o>(?:" + NUMBER + r")(?:个|只|条|辆|套|台|位|名|头|匹|本|件|盆|间|栋|部|对)?[^，,]+?)(?:在(?:出租|租出去|住|用|开|跑|养))?$",
         r"^(?:已经|一共|总共)?(?:攒了|收藏了|集了|囤了)(?P<o>(?:" + NUMBER + r")(?:来|多|几)?(?:个|只|条|辆|套|台|本|件|盆|双|张|瓶|块|把|部)[^，,]{1,8}?)$",
         r"^(?:家里?)?(?:养了|养着|养)(?P<m>只|条|头|匹|盆)(?P<o2>.+)$",
         r"^(?:家里?)?有(?P<m>辆|套|台|只|条)(?P<o2>[^，,]{1,6})$")
def _have(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    o = clean(m.groupdict().get("o") or "一" + m["m"] + m["o2"], keep_measure=True)
    if re.search(r"经验|工龄|驾龄|经历", o):
        return None  # "有八年的工作经验" is experience
    if re.search(r"(?:想法|问题|疑问|建议|主意|请求|事情?|需求|要求|疑惑|困惑|思路|办法|计划|念头|感觉)$", o):
        return None  # "我有一个想法" is talk, not a possession
    return [_d("has", o)] if is_value(o) and len(o) <= 12 else None


@pattern(r"^(?:的)?体重(?:是|有|大概|大约|约|差不多|将近|快|从[^，,到]{1,10}?(?=[掉降减涨长变回瘦胖])|(?:掉|降|减|涨|长|变|回|瘦|胖)(?:到|成|了)+|已经|现在)*(?P<o>" + NUMBER + r"\s*(?:公斤|斤|千克|kg|KG|磅))",
         r"^(?:(?:瘦|胖|减|掉|降|涨|长)(?:到|了)+)?(?:大概|大约|约|差不多|将近|快)*(?P<o>" + NUMBER + r"\s*(?:公斤|斤|千克|kg|KG))(?:左右|多|出头)?(?:了)?$",
         r"^(?:的)?体重(?:是|有|大概|大约|约|差不多|将近|现在)*(?P<o>\d{2,3})(?:左右|多|出头)?(?:了)?$")
def _weight(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    if re.search(r"(?:瘦|胖|减|掉|降|涨|长)了(?!到)", m.group()):
        return None  # "胖了五斤": how much it changed, not the weight
    return [_d("weighs", m["o"].replace(" ", ""))]


@pattern(r"^(?:的)?(?:身高|个子|个头)(?:是|有|大概|大约|约|差不多|将近)*(?P<o>.+)$",
         r"^(?:是|有|大概|大约|约|差不多|将近)*(?P<o2>[一1]米[一二三四五六七八九\d]{1,2}|1\.\d{1,2}米|\d{3}\s*(?:cm|厘米|公分))(?:左右|多)?$")
def _height(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    o = clean(m.groupdict().get("o") or m.groupdict().get("o2") or "")
    return [_d("height", o)] if is_value(o) and (re.search(r"米|cm|厘米|公分", o) or re.fullmatch(r"1[3-9]\d", o)) else None


_EXERCISE = {"跑步": "runs", "跑": "runs", "游泳": "swims", "游": "swims", "走路": "walks", "走": "walks",
             "骑车": "cycles", "骑行": "cycles", "健身": "exercises", "锻炼": "exercises", "健身房": "exercises"}


@pattern(r"^(?:每|一)(?:天|周|星期|个星期|个月|月|年)(?:早上|早晨|晚上|下班后|饭后)?(?:大概|大约|差不多|基本|都|能|会|坚持)*(?:去)?(?P<v>健身房|跑步|游泳|骑行|骑车|走路|健身|锻炼|跑|游|走)(?P<o>.+)$")
def _exercise(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    o = clean(m["o"])
    return [_d(_EXERCISE[m["v"]], o)] if is_value(o) and re.search(r"\d|[一二三四五六七八九十两半]", o) else None


@pattern(r"^(?:已经)?(?:在(?P<at>[^，,]{1,8}?))?(?:工作|干|做|上班|从业|入行)(?:了)?(?:这一?行|这个行业|这份工作)?(?:了)?(?:快|将近|差不多|大概|有|已经)*"
         r"(?P<o>(?:" + NUMBER + r")(?:多|几)?(?:年|个月))(?:多)?(?:了)?$",
         r"^有(?P<o2>(?:" + NUMBER + r")(?:多|几)?年)(?:多)?(?:的)?(?:[^，,]{0,12}?)(?:工作经验|工作经历|工龄|经验|从业经验)$")
def _experience(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    drafts = [_d("work_experience", m.groupdict().get("o") or m["o2"])]
    at = clean(m.groupdict().get("at") or "")
    if is_value(at) and not re.match(r"^(?:这|那|本|该)", at) and at not in ("公司", "行业", "单位"):
        drafts.insert(0, _d("works_at", at))  # "在小米工作三年了"
    return drafts


@pattern(r"^(?:干|做|当|开|跑)(?P<job>[^，,]{1,6}?)(?:已经|快|有|将近|差不多|大概)*(?P<o>(?:" + NUMBER + r")(?:多|几)?(?:年|个月))(?:多)?(?:了)?$")
def _experience_as(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "干销售五年了": experience in a line of work."""
    job = clean(m["job"])
    if not is_value(job) or not is_occupation(job):
        return None
    return [_d("job_title", job), _d("work_experience", m["o"])]


@pattern(r"^有(?P<o>(?:" + NUMBER + r")(?:多|几)?年)(?:多)?(?:的)?驾龄(?:了)?$", r"^驾龄(?:有|是)?(?P<o>(?:" + NUMBER + r")(?:多|几)?年)(?:多)?(?:了)?$",
         r"^(?:开车|(?:拿|考|领)(?:到|了)?驾照(?:到现在|到)?)(?:开了|开|都|已经|有|快|将近|差不多)*(?P<o>(?:" + NUMBER + r")(?:多|几)?年)(?:多)?(?:了)?$")
def _driving(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    return [_d("driving_experience", m["o"])]


_QUIT_HABIT = {"烟": "抽烟", "酒": "喝酒"}


@pattern(r"^(?:把(?P<o>[^，,]{1,10}?)(?:给)?(?:卖|转手|转让|扔|送人)(?:掉|了)+|(?:卖|转手|转让|扔)(?:掉|了)+(?P<o2>[^，,]{1,10}))$")
def _sold(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "电动车我卖掉了" / "把公司的股份卖了": something one no longer has."""
    o = clean(m["o"] or m["o2"])
    return [_d("has", o, operation=Operation.end)] if is_value(o) and not DEICTIC.match(o) else None


@pattern(r"^(?:在[^，,考]{1,8}?)?(?:考了|考过了|参加了)(?:一次|一场|次|场)?(?P<o>雅思|托福|GRE|GMAT|四级|六级|CPA|法考|司法考试|教资|公务员考试|国考|省考|考研|高考|中考|[^，,]{0,6}考试)$")
def _exam(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "上个月在广州考了雅思": an exam taken, dated."""
    return [_d("attended", m["o"], memory_type=MemoryType.episodic, flags={"event"})]


@pattern(r"^(?:家里?|家)?(?:一共|总共|共)?(?:有)?(?P<o>(?:" + NUMBER + r")口人)$")
def _household(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我们家一共五口人": the household's size."""
    return [_d("has", m["o"])]


@pattern(r"^(?:是)?(?:做|搞|干)(?P<o>[^，,]{1,8}?)(?:生意|买卖)(?:的)?$")
def _trade(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我们家是做茶叶生意的": the trade one is in."""
    o = clean(m["o"])
    return [_d("job_title", o + "生意")] if is_value(o) else None


_PET = r"(?:猫|狗|猫咪|狗狗|仓鼠|兔子|兔|鱼|金鱼|鸟|鹦鹉|乌龟|龟|蛇|蜥蜴|刺猬|金毛|柯基|泰迪|哈士奇|柴犬|布偶|橘猫|英短|美短|比熊|萨摩耶|边牧)"


@pattern(r"^(?:家里?)?养(?:了|着)?(?P<o>(?:一|两|几)?(?:只|条|头)?" + _PET + r")$")
def _pet(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我养的是仓鼠" / "养了只柯基": a pet."""
    return [_d("has", clean(m["o"], keep_measure=True))]


@pattern(r"^(?:每|一)(?:天|周|星期|个星期|个月|月)(?:都)?(?:会|要)?去(?P<o>健身房|游泳馆|瑜伽馆|球馆|图书馆|公园|跑步|爬山|游泳|打球)$")
def _goes_regularly(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "现在每周都去健身房": a regular pastime."""
    return [_d(_EXERCISE.get(m["o"], "likes"), m.group())]


@pattern(r"^(?:戒(?!指|备|严|律|尺)|改掉了?)(?:掉了|掉|了)?(?P<o>[^，,]{1,10}?)(?:了)?$", r"^把(?P<o>[^，,]{1,8}?)(?:给)?戒(?:掉)?(?:了)?$")
def _give_up(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "戒烟了" / "戒了奶茶" / "戒掉了熬夜的习惯": a habit that ended."""
    o = clean(re.sub(r"(?:的|这个|那个)?(?:习惯|毛病|瘾)$", "", _DURATION_TAIL.sub("", m["o"])))  # "戒酒快一年了": how long ago
    if o.startswith("不") or o in ("掉", "了"):
        return None  # "戒不掉": not given up; "彻底戒掉了": the habit is named before
    return [_d("activity", _QUIT_HABIT.get(o, o), operation=Operation.end)] if is_value(o) else None


@pattern(r"^(?:正式|顺利|终于|总算|已经|也)*(?P<o>转正)(?:了|啦)?$", r"^(?:的)?试用期(?:终于|总算|已经|顺利)*(?:过了|结束了|满了)$")
def _made_permanent(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我转正了" / "试用期顺利过了": a job held for good now."""
    if c.subject != "user" or not re.search(r"[了啦]", c.text) or re.search(r"想|要|能|没|不|希望|争取|等", c.text):
        return None  # "下个月就能转正": not yet
    return [_d("employment_status", "转正", flags={"change"})]


@pattern(r"^(?:的)?户口(?:终于|总算|已经|也|顺利|正式)*(?:落(?:户)?(?:在|到)|迁(?:到|进|入)|落户)(?:了)?(?P<o>[^，,]{2,10}?)(?:了)?$",
         r"^(?:终于|总算|已经|顺利|正式)*(?:落户|把户口(?:落|迁)(?:在|到|进))(?:了)?(?P<o>[^，,]{2,10}?)(?:了)?$",
         r"^(?:终于|总算|已经|也)*是(?:正式的|正儿八经的|正经的|地道的)?(?P<o>[^，,的]{2,6}?)户口(?:了)?$")
def _household_registration(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "户口终于落到苏州了" / "现在是正式的上海户口了": where one's hukou is (not where one lives)."""
    o = clean(m["o"])
    if re.search(r"批|办|成功|手续|下来|完|好", o):
        return None  # "落户批下来了": the paperwork done; the place is said elsewhere
    return [_d("household_registration", o, flags={"change"})] if is_value(o) and not DEICTIC.match(o) else None


@pattern(r"^(?:的)?(?P<what>论文|文章|稿子|投稿|paper|Paper)(?:终于|总算|已经|也|顺利|正式)*(?:被|让)(?P<o>[^，,]{2,16}?)(?:正式)?(?:接收|录用|接受|收录|录取|中)(?:了)$",
         r"^(?:的)?(?P<what>论文|文章|稿子|投稿|paper|Paper)(?:终于|总算|已经|顺利)*中了(?P<o>[^，,]{2,16}?)$")
def _paper_accepted(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "文章被 Nature 子刊接收了" / "论文中了 ACL": an acceptance, dated."""
    o = clean(m["o"]).strip()
    return [_d("obtained", f"{o}{m['what']}录用", memory_type=MemoryType.episodic, flags={"event"})] if is_value(o) else None


@pattern(r"^(?:目前|现在)?(?P<o>待业|失业|在家待业|全职带娃|在家带娃|在家带孩子|全职带孩子|赋闲在家|在家待产)(?:中|了|呢)?$")
def _unemployed(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我目前待业中" / "我现在全职带娃": no job right now."""
    return [_d("employment_status", m["o"])]


@pattern(r"^(?:老家|家乡|籍贯|祖籍)(?:是|在)(?P<o>[^，,]{2,8}?)(?:的)?$", r"^(?:是)?(?:(?:土生土长|地地道道|地道|正宗)的)?(?P<o>[^，,]{2,6}?)人$",
         r"^(?:老家|家乡)(?P<o>[^，,是在]{2,6}?)的$")
def _hometown(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我老家是东北的" / "我是武汉人": where one comes from (not where one lives)."""
    o = clean(m["o"])
    if not re.match(r"^(?:老家|家乡|籍贯|祖籍)(?:是|在)", m.group()) and not is_place(o):
        return None  # "我是东北人" / "老家潮汕的" name a place; "我是好人" does not
    return [_d("hometown", o, object_type=EntityType.place)] if is_value(o) else None


@pattern(r"^(?:是)?(?P<single>单身|未婚)(?:狗)?(?:一人)?$", r"^(?P<divorced>离婚|离了婚|离的婚|离异)(?:了)?$", r"^(?:是)?(?P<married>已婚)(?:已育|未育)?$",
         r"^(?:(?:已经)?有(?:了)?(?:个)?(?P<dating>男朋友|女朋友|男友|女友|对象|男票|女票)|(?P<dating2>脱单|脱单成功))(?:了|啦)?$")
def _status(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我目前是单身" / "我离婚了" / "我有对象了": the English rules' relationship states."""
    if m.groupdict().get("dating") or m.groupdict().get("dating2"):
        return [_d("relationship_status", "in a relationship", flags={"change"})]
    status = "single" if m.groupdict().get("single") else "married" if m.groupdict().get("married") else "divorced"
    return [_d("relationship_status", status, flags={"change"})]


_PARTNER_WORDS = re.compile(r"男朋友|女朋友|男友|女友|对象|前任|前夫|前妻|丈夫|妻子|爱人|老公|老婆|男票|女票|[他她]")


@pattern(r"^(?:(?:和|跟|与)(?P<who>[^，,]{1,6}?))?(?:早就|已经|早)?(?:分手|分了手|分开)(?:了)?"
         r"(?:(?:快|将近|有|已经|都)?(?:" + NUMBER + r"|半|几)(?:个)?(?:多)?(?:天|周|星期|月|年)(?:多)?)?(?:了)?$",
         r"^(?:和|跟|与)(?P<who2>[^，,]{1,6}?)(?:早就|已经|早)?分了$")
def _broke_up(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我和女朋友分手了": single again ("和室友分了": a flat split, no partner); with the partner
    named ("和阿杰分手三个月了"), the partner ended, as the English rules read "I broke up with Jake"."""
    who = clean(m.groupdict().get("who") or m.groupdict().get("who2") or "")
    named = _partner_named(who)
    if m.group(0).endswith("分了") and not _PARTNER_WORDS.search(m.group(0)) and not named:
        return None
    if named:
        return [_d("partner", who, operation=Operation.end, object_type=EntityType.person)]
    single = [_d("relationship_status", "single", flags={"change"})]
    with_whom = re.search(r"(?:和|跟|与)(?:我的?)?(?P<w>前?(?:男朋友|女朋友|男友|女友|对象|老公|老婆|男票|女票))", c.text)
    who = who or (with_whom["w"] if with_whom else "")  # "我和女朋友分手了": the partner said with the speaker
    if _PARTNER_WORDS.fullmatch(who.removeprefix("前")) and not re.fullmatch(r"[他她]", who):
        # "跟男朋友分手了": the partner, named by the word for one, ended too (as "跟前女友分了" is)
        return [_d("partner", who, operation=Operation.end, object_type=EntityType.person), *single]
    return single


@pattern(r"^(?:跟|和|与)(?P<o>[^，,]{1,10}?)解约(?:了)?$",
         r"^把(?P<o>[^，,]{1,10}?)的?(?:会员|会员卡|年卡|月卡|卡|订阅|套餐)(?:给)?(?:停|退|取消|关)(?:掉|了)+$", r"^(?:退|退掉)了?(?P<o>[^，,]{1,8}?)的?(?:会员|会员卡|年卡)(?:了)?$")
def _cancelled(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "跟健身房解约了" / "退了健身房的会员": a membership that ended."""
    o = clean(m["o"])
    return [_d("member_of", o, operation=Operation.end, object_type=EntityType.organization)] if is_value(o) else None


_STOPPABLE = re.compile(r"(?:群|会|社|团|队|俱乐部|协会|会员|会员卡|卡|订阅|套餐|账号|自动续费|店|网店|公司|工作室)$")


@pattern(r"^(?P<o>[^，,我把]{2,10}?)我?(?:已经|早就|早|都|也|就)*(?P<v>退群|退出|退|停掉|停|关掉|关|取消|注销)(?:掉)?(?:了)?(?:自动续费|连续包月|自动扣费|续费)?了$",
         r"^把(?P<o>[^，,]{2,10}?)(?:给)?(?P<v>关|关掉|关闭|停|停掉|取消|注销|退|退掉|转让|盘出去)(?:掉)?了$")
def _stopped(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "那个羽毛球群我退群了" / "视频会员我停掉了" / "我把淘宝店关了": a group left, a membership or a business
    stopped, by the kind of thing named (nothing for "把灯关了")."""
    o = clean(re.sub(r"^(?:那个|这个|那家|这家|我的|我那个)", "", m["o"]))
    if not is_value(o) or not _STOPPABLE.search(o) or DEICTIC.match(o):
        return None
    if re.search(r"(?:店|公司|工作室)$", o):
        return [_d("owns", o, operation=Operation.end, object_type=EntityType.organization)]
    return [_d("member_of", o, operation=Operation.end, object_type=EntityType.organization)]


@pattern(r"^(?P<o>[^，,我把]{1,8}?)我?(?:已经|早就|早|都|也|就)*(?:很久|好久|好几年|好多年|多年|几年)?(?:都)?没(?:再)?"
         r"(?P<v>弹|玩|打|练|跳|唱|画|刷|看|写|踢|碰|拉|吹|下|骑|开)(?:过)?了$")
def _not_done_for_long(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "吉他我很久没弹了" / "围棋我好几年没下了": a pastime that stopped, its thing named first."""
    o = clean(m["o"])
    if not is_value(o) or DEICTIC.match(o) or _PAST.fullmatch(o) or _NOW.fullmatch(o):
        return None
    return [_d("activity", m["v"] + o, operation=Operation.end)]


def _partner_named(who: str) -> bool:
    """Whether the one named beside 和/跟 is a person by name (阿杰, 小王, Priya), not a kin word (女朋友)."""
    return bool(who) and not _PARTNER_WORDS.search(who) and bool(
        re.fullmatch(_NAME, who) or re.fullmatch(f"[{_SURNAMES}][\u4e00-\u9fff]{{1,2}}", who))


#: The state each wedding word begins, with the slot of the one named: the English rules' slots
#: ("I got engaged to Priya": engaged, partner Priya; "I married Sam": married, married_to Sam).
_WED_STATES = (("订", "engaged", "partner"), ("婚", "married", "married_to"), ("证", "married", "married_to"),
               ("家", "married", "married_to"))


@pattern(r"^(?:(?:和|跟|与)(?P<who>[^，,]{1,6}?))?(?:已经|终于|刚|刚刚|也)?"
         r"(?P<v>结婚|结了婚|结的婚|领证|领了证|领的证|成家|订婚|订了婚|订的婚)(?:了|啦)?$",
         r"^(?:在[^，,办]{1,8}?)?(?:办|举办|举行|摆)(?:了)?(?:婚礼|婚宴|喜酒|酒席)(?:了)?$")
def _married(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我结婚了" / "我和Sam结婚了" / "我和Priya订婚了": the state begun, and whom, when named."""
    verb = m.groupdict().get("v") or ""
    state, slot = next(((st, sl) for mark, st, sl in _WED_STATES if verb.startswith(mark) or verb.endswith(mark)),
                       ("married", "married_to"))
    who = clean(m.groupdict().get("who") or "")
    if verb:
        drafts = [_d("relationship_status", state, flags={"change"})]
        if _partner_named(who):
            drafts.append(_d(slot, who, object_type=EntityType.person, flags={"change"}))
        return drafts
    married = _d("relationship_status", "married", flags={"change"})
    if re.search(r"婚礼|婚宴|喜酒|酒席", m.group()) and any(s.kind is TimeKind.point and s.start is not None
                                                           and s.start <= c.reference for s in c.times):
        place = re.match(r"^在(?P<p>[^，,办]{1,8}?)(?:办|举办|举行|摆)", m.group())
        wedding = f"{place['p']}的婚礼" if place else "婚礼"
        return [married, _d("attended", wedding, memory_type=MemoryType.episodic, flags={"event"})]  # its day kept
    return [married]


_ERRAND_VERBS = ("看", "听", "吃", "喝", "睡", "洗", "做", "打", "玩", "买", "拿", "取", "接", "送", "找", "逛", "办", "趟", "开会", "把",
                 "上班", "上课", "上厕所")


#: What one does at a place one went to ("爬了香山", "逛了故宫"): the place is what was visited.
_PLACE_AFTER_OUTING = re.compile(r"^(?:爬|逛|游|登|参观|游览|打卡)(?:了|过)?(?=..)")


@pattern(r"^(?:自驾|开车|坐高铁|坐火车|坐飞机|骑车|一起|(?:和|跟)[^，,去]{1,6}?(?:一起)?)?(?:去了|去过(?!敏)|到了|去(?!过敏)|到过|飞了|飞去了?|回了(?=一?趟))(?:一趟|一次|趟|次)?(?P<o>.+?)(?:旅游|旅行|玩|度假|游玩|看看|转转|出差|一趟|度蜜月|蜜月|滑雪|潜水|探亲|考察|培训|徒步|露营|自驾游?|跨年|团建|唱歌|唱K|购物|逛街|拍照|看展|泡温泉|野餐|爬山|赏花|看海)?(?:了)?$",
         r"^从(?P<o>[^，,]{2,8}?)(?:出差|旅游|旅行|玩|度假|探亲|开会)?回来(?:了)?$")
def _visit(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    if re.match(r"(?:参加|看了|听了|观看|看过|听过)", m["o"]):
        return None  # "去参加了一场马拉松": the event is what was done
    o = _PLACE_AFTER_OUTING.sub("", clean(m["o"]))  # "去爬了香山" went to 香山
    company = re.search(r"(?:公司|企业|单位|工厂)$", o)  # "去了一家做新能源的公司" (a job where the sentence is about work)
    if not is_value(o) or len(re.sub(r"(?<=..)(?:看|听|参加)了.+$", "", o)) > 12 or re.search(r"工作|上班|面试|发展|打拼|闯荡|定居|安家", m.group()) or (o.startswith(_ERRAND_VERBS) and not company) \
            or re.search(r"..(?:查|检查|看(?:了|过)?(?:个|次)?(?:病|牙|医生|急诊)|体检|拿(?:了)?药|办(?:了)?事|开(?:了)?(?:个)?会|吃(?:了)?(?:个|顿)?饭|复查)(?:过|了)?$", o):
        return None  # "去医院查过了": an errand
    if re.fullmatch(r"(?:厕所|洗手间|卫生间|楼下|食堂|快递站|驿站|茶水间)", o):
        return None  # "去了趟厕所": no trip
    tail = re.search(r"(?<=..)(?:看|听|玩|逛|爬|拍|参加|参观|买)了(?P<what>.+)$", o)
    o = o[:tail.start()] if tail else o  # "去哈尔滨看了冰雕" went to 哈尔滨
    past = re.search(r"(?:去了|去过|到了|到过|飞了|飞去了)", m.group()) or m.group().endswith("了") or any(
        s.end is not None and s.end <= c.reference for s in c.times)
    if not past:
        return None  # "今天下午去银行办卡" is an errand, not a trip
    drafts = [_d("visited", o, memory_type=MemoryType.episodic, flags={"event", "motion"})]
    what = clean(tail["what"]) if tail else ""
    if tail and what and (tail.group().startswith("参加") or _EVENT_NOUN.search(what)) and is_value(what):  # "去南京参加了一个技术大会"
        drafts.append(_d("attended", clean(_MEASURE.sub("", what)), memory_type=MemoryType.episodic, flags={"event"}))
    return drafts


@pattern(r"^(?:在|去)(?P<o>[^，,]{1,10}?)(?P<v>待|呆|住|玩|旅游|旅行|度假|逛|转)(?:了|过)(?:(?:整整|快|将近|差不多|大概)?"
         r"(?P<n>" + NUMBER + r"|半|几|一两|两三)(?:个)?(?:多)?(?P<u>天|晚|夜|周|星期|礼拜|月|年))?(?:多)?(?:了)?$")
def _stay(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "去年我在丽江待了两周" / "在首尔玩了五天": a stay, dated by its time (住了十年 is living there)."""
    o = clean(m["o"])
    if not is_value(o) or o in _NOWHERE or not (is_place(o) or m["v"] in ("玩", "旅游", "旅行", "度假", "逛")):
        return None
    if m["u"] == "年" or (m["v"] in ("待", "呆", "住") and (m["u"] is None or (m["u"] == "月" and m["n"] != "半"))):
        return None  # a long stay, or one without its length, says where one lived
    return [_d("visited", o, memory_type=MemoryType.episodic, flags={"event", "motion"})]


@pattern(r"^在(?P<o>[^，,]{2,6}?)(?P<v>骑|滑|潜|爬|跑|游|拍|住|吃|看|玩|逛|度|过)(?:了|过)(?P<rest>[^，,]{1,16})$")
def _did_there(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "去年在云南骑了一次摩托车环线": something done at a place named, a visit there."""
    o = clean(m["o"])
    if not is_place(re.sub(r"(?<=..)(?:边|旁边|附近|一带|那边|这边)$", "", o)) or o in _NOWHERE \
            or not any(s.end is not None and s.end <= c.reference for s in c.times) \
            or re.search(r"马拉松|全马|半马|比赛|婚礼|演唱会", m["rest"]):
        return None  # "在杭州跑了第一个全马": the race is what was done
    return [_d("visited", o, memory_type=MemoryType.episodic, flags={"event", "motion"})]


_EVENT_NOUN = re.compile(r"会$|赛$|展$|展览|演出|婚礼|典礼|讲座|派对|聚会|活动|话剧|音乐剧|演唱会|发布会|庆典|葬礼|年会|比赛|电影|"
                         r"球$|秀$|舞剧|歌剧|京剧|相声|脱口秀|首映")


@pattern(r"^(?:去|到)?(?:现场|电影院)?(?:看了|听了|看过|听过|观看了)(?:一场|一次|一部|场|次|部|个|一个)?(?P<o>.+)$")
def _watch(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    o = clean(m["o"])
    if not is_value(o) or not _EVENT_NOUN.search(o):
        return None
    return [_d("attended", o, memory_type=MemoryType.episodic, flags={"event"})]


@pattern(r"^(?:在[^，,]{1,8}?)?(?:去|来)?参加(?:了|过)?(?P<o>.+)$")
def _attend(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    o = clean(m["o"])
    return [_d("attended", o, memory_type=MemoryType.episodic, flags={"event"})] if is_value(o) else None


@pattern(r"^(?:在[^，,跑]{1,8}?)?(?:跑(?:完|了)了?|完成了?)(?:人生)?(?:第一个|第一场|一个|一场|个|场)?(?P<o>全马|半马|马拉松|全程马拉松|半程马拉松|越野跑|铁人三项)$")
def _race(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "跑完了全马": a race run."""
    return [_d("attended", m["o"], memory_type=MemoryType.episodic, flags={"event"})]


_EARNED = r"驾照|证书|证|执照|学位|资格|offer|Offer|OFFER|奖学金|奖|签证|护照|绿卡|贷款|房贷|车贷|公积金贷款|录取通知书|通知书|批文|许可"


@pattern(r"^(?:拿到|考到|考下|拿下|考取|获得|得到|通过)(?:了)?(?P<o>[^，,]{0,12}?(?:" + _EARNED + r"))\s*(?:了)?$",
         r"^(?P<o>[^，,我]{0,12}?(?:" + _EARNED + r"))(?:终于|总算|已经|也|都|顺利|正式)*(?:拿到手|到手|拿到|下来|批下来|审批下来|批了|批好|办下来|办好|通过|寄到|到)(?:了)$")
def _obtained(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "今年三月拿到了驾照" / "签证总算批下来了": something earned or granted, dated."""
    o = clean(m["o"]).replace(" ", "")
    if re.fullmatch(r"offer|Offer|OFFER", o):
        return None  # "拿到offer了": whose is said next ("下个月去阿里报到"), and that is the fact
    return [_d("obtained", o, memory_type=MemoryType.episodic, flags={"event"})] if is_value(o) else None


@pattern(r"^(?:在[^，,开]{1,8}?)?(?:(?:和|跟|与)[^，,]{1,6}?(?:一起|合伙|合伙儿)?)?(?:合伙)?(?:开了|开着|开|经营着?|办了)(?:一家|一间|一个|家|间|个)?"
         r"(?P<o>[^，,]{0,10}(?:店|公司|工作室|餐厅|饭店|饭馆|馆|厂|超市|诊所|事务所|培训班|培训机构|民宿|网店|书店|酒吧|面馆|摊|铺子?|小卖部|档口))$")
def _owns(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我开了家奶茶店": a business one owns (a state, dated by its time)."""
    o = clean(m["o"])
    return [_d("owns", o, object_type=EntityType.organization, flags={"change"})] if is_value(o) else None


@pattern(r"^(?:换|入手|购入|入)了(?:一)?(?:辆|台|部|个|套|只|块|双|款)(?P<o>[^，,]{1,12})$")
def _acquired(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "去年底我换了辆新车" / "入手了一台相机": something bought."""
    o = clean(m["o"])
    if re.match(r"(?:新)?(?:城市|地方|环境|工作|心情|发型|部门|岗位|方向|行业|思路|活法)", o):
        return None  # "换了个城市" buys nothing
    return [_d("bought", o, memory_type=MemoryType.episodic, flags={"event"})] if is_value(o) else None


@pattern(r"^(?:在(?P<at>[^，,买]{1,8}?))?(?:给[^，,买]{1,6}?)?(?:买|订|下单|入手)(?:了|到了|的)(?:一|两)?(?:台|辆|部|个|套|只|块|双|款|件|条|张|本|束|瓶|盒|份|杯|把)?(?P<o>.+)$")
def _buy(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    o = clean(m["o"])
    home = {"home_at:" + clean(m["at"])} if m["at"] and re.search(r"房|公寓", o) else set()
    return [_d("bought", o, memory_type=MemoryType.episodic, flags={"event"} | home)] if is_value(o) else None


_NOWHERE = frozenset(["家", "家里", "这", "那", "这里", "那里", "这儿", "那儿", "外面", "外地", "路上", "线上", "线", "状态",
                      "身边", "附近", "楼下", "楼上", "现场", "忙", "开会", "上班", "休息", "吃饭", "睡觉", "车上", "床上"])


@pattern(r"^(?:是)?(?:在)(?P<o>[^，,]{1,12})$")
def _bare_at(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "在苏州" / "现在在阿里巴巴": a place is where one lives, else (said of work) the employer."""
    o = clean(re.sub(r"(?<=..)(?:里|里面|中)$", "", m["o"]))
    if not is_value(o) or re.search(r"[了过]", m["o"]):
        return None  # "在苏州开了个会": something done there
    if o in _NOWHERE or re.match(r"(?:家里?|宿舍|学校|公司)(?:休息|待|呆|躺|睡|玩|办公|学习|看|养|带|陪|歇|上网|复习|做)", m["o"]):
        return None  # "在家休息一段时间": where one is, not an employer
    if re.search(r"群$|俱乐部$|社团$|协会$|小组$|乐队$", o):
        return [_d("member_of", o, object_type=EntityType.organization)]
    place = _PLACE_EDGE.match(o)
    if place and place.end() < len(o) and (re.match(r"[卖开做干跑送教带摆修当打种养拉]", o[place.end():])
                                           or any(t.startswith("v") for _, t in tagged_words(o[place.end():])[:1])):
        o = place.group()  # "在武汉开出租": the place, then what one does there
    if is_place(o):
        return [_d("lives_in", o, flags={"bare"})]
    return [_d("works_at", o, flags={"bare", "needs_job_context"})]


@pattern(r"^(?:(?:只|就|光|一般只|主要)(?P<v>喝|吃|听|看|玩))(?P<o>[^，,]{1,12})$")
def _only(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "现在只喝水": what one has now, in place of what came before."""
    o = clean(m["o"])
    if not is_value(o) or DEICTIC.match(m["o"]):
        return None
    if m["v"] == "喝" and o in _DRINKS | {"水"}:
        return [_d("preferred_drink", o, flags={"change"})]
    return [_d("likes", _liked(o), flags={"change"})]


@pattern(r"^(?P<v>听|看|玩|吃|喝)(?P<o>[^，,]{1,8}?)(?:得)?(?:比较多|更多|多一些|多一点|居多|最多)$")
def _mostly(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "现在听民谣比较多": what one mostly has now."""
    o = clean(m["o"])
    if not is_value(o) or DEICTIC.match(m["o"]):
        return None
    if m["v"] == "喝" and o in _DRINKS:
        return [_d("preferred_drink", o, flags={"change"})]
    return [_d("likes", _liked(m["v"] + o), flags={"change"})]


@pattern(r"^(?:天天|每天|经常|常常|总是|老是|老|整天)(?P<v>打|玩|踢|练|追|刷|喝|吃)(?!太|很|挺|真|特别|有点|超|得)(?P<o>[^，,]{1,10})$")
def _habit(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "以前天天打篮球" / "以前老喝可乐": a pastime or a usual drink (said in the past, one that ended)."""
    o = clean(m["o"])
    if m["v"] in ("喝", "吃") and ("past" not in c.flags or _MEDICINE.search(o)) and o not in _DRINKS:
        return None  # "每天吃药" is no liking
    if len(o) < 2 and o not in _DRINKS:
        return None
    return [_d("likes", o)] if is_value(o) and not re.search(r"\d|[一二三四五六七八九十两]", o) else None


_THING_USED = re.compile(r"宽带|网络|运营商|号码|套餐|手机卡|电话卡|云盘|手机|电脑|笔记本|输入法|浏览器|编辑器|软件|App|app|APP|系统|耳机|相机|平板|工具|网盘|邮箱|手表|键盘|鼠标|显示器|路由器")


@pattern(r"^(?:(?:最)?喜欢的(?P<cat>[^，,]{1,4}?))?(?:从(?P<old>[^，,]+?))?(?:变成|换成|改成)(?:了)?(?P<o>[^，,]{1,12})$")
def _became(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "喜欢的颜色从红色变成了黑色" / "现在变成紫色了": a new value for the slot named (or said) before."""
    o = clean(m["o"])
    if not is_value(o) or re.match(r"(?:骑|坐|搭|乘)[^，,]{1,8}?(?:上下班|上班|通勤|上学)$", o) \
            or re.search(r"办公$|工作制?$|上班$|坐班$|[单双]休$|大小周$|班倒$|[夜白]班$", o):
        return None  # "改成坐地铁通勤了" / "改成远程办公了": a new way to work (`changes._new_commute`, `changes._work_arrangement`)
    category = _CATEGORIES.get(m["cat"] or "")
    old = clean(m["old"]) if m["old"] else None
    liking = re.match(r"^(?:更|比较)?(?:喜欢|爱)(?:上了?)?", o)
    if liking and len(o) > liking.end():  # "从喜欢咖啡变成喜欢喝茶了": the liking moved on
        new, was = _liked(clean(o[liking.end():])), _liked(re.sub(r"^(?:喜欢|爱)", "", old)) if old else None
        drink = new in _DRINKS or new.removeprefix("喝") in _DRINKS
        return [_d("preferred_drink" if drink else "likes", new.removeprefix("喝") if drink else new, replaces=was, flags={"change"})]
    if re.match(r"喝", o) and (old is None or old.startswith("喝")):  # "从喝可乐换成了喝苏打水"
        o, old = o[1:], old[1:] if old else None
    if category:
        return [_d(f"preferred_{category}", o, replaces=old, flags={"change"})]
    system = _OS.search(o) if old else None
    if system and not re.search(r"iPhone|iPad|MacBook", o, re.I):  # "从 Windows 换成了 Mac"
        return [_d("uses_os", OPERATING_SYSTEMS.get(system.group().lower(), system.group()), replaces=old, flags={"change"})]
    if old and (re.search(r"iPhone|手机|电脑|笔记本", o) or _OS.search(old)):  # "从安卓换成了 iPhone"
        return switched_phone(o, old) or [_d("uses", o, replaces=old, flags={"change"})]
    topic = next((f.partition(":")[2] for f in c.flags if f.startswith("topic:")), "")
    if re.search(r"手机|机$", topic) or re.search(r"手机|机$|iPhone", o, re.I):  # "手机换成苹果了" / "换成 iPhone 了"
        phone = switched_phone(o, old)
        if phone:
            return phone
    if re.search(r"车|座驾$", topic):  # "车换成了电车": what one drives now
        return [_d("drives", o, replaces=old, flags={"change"})]
    if _THING_USED.search(topic) or topic.endswith("主力机"):  # "手机(从华为)换成了小米": the thing named first is one used
        return [_d("uses", o, replaces=old, flags={"change"})]
    if o in _DRINKS and (old is None or old in _DRINKS):  # "早餐我从豆浆换成了牛奶"
        return [_d("preferred_drink", o, replaces=old, flags={"change"})]
    return [Draft(predicate=None, object=o, replaces=old, flags={"bare"})]


@pattern(r"^(?:比起|相比(?:于)?|相较(?:于)?|(?:跟|和|与)(?=[^，,]{1,10}?比))(?P<o>[^，,]{1,10}?)(?:来说|而言|来|比起来|比的话|比|相比)?$")
def _compared(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "比起咖啡，我现在更喜欢喝茶": what the liking that follows is weighed against."""
    o = clean(m["o"])
    return [Draft(predicate=None, object=_liked(o), flags={"compared"})] if is_value(o) and not DEICTIC.match(o) else None


@pattern(r"^(?:而)?是(?P<o>[^，,]{1,16})$")
def _bare_value(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "是 iOS": the right value of a slot named before it in the sentence."""
    o = clean(m["o"])
    return [Draft(predicate=None, object=o, flags={"bare"})] if is_value(o) else None


ACTIVITY = re.compile(r"^(?:抽烟|吸烟|喝酒|熬夜|吃肉|吃辣|打游戏|玩游戏|健身|跑步|游泳|喝咖啡|喝奶茶|刷抖音|刷微博|加班|"
                       r"吃零食|喝可乐|吃外卖|追剧|打麻将|做饭|开车|骑车|练瑜伽|弹钢琴|画画|追星|钓鱼|爬山|徒步|打太极|跳舞|下棋|打牌|遛狗|养花)")


#: Apps and games one stops using by deleting them ("把抖音删了"); deleting a file or a photo ends nothing.
_APP = re.compile(r"^(?:抖音|快手|微博|小红书|B站|b站|哔哩哔哩|知乎|微信|QQ|淘宝|拼多多|闲鱼|王者荣耀|和平精英|原神|"
                  r"[A-Za-z][A-Za-z0-9 ]*)$|(?:App|APP|app|软件|游戏|客户端)$")
#: What a tool is used for, said before it ("写代码主要用 Rust", "记账一般用随手记").
_TOOL_FOR = re.compile(r"^(?:我(?!们))?(?:平时|一般|主要|日常)?(?:写代码|敲代码|编程|开发|做图|画图|修图|剪视频|剪辑|记笔记|做笔记|记账|办公|写作|写东西|做表|做PPT|听歌|"
                       r"看视频|打车|点外卖|网购|聊天|做饭)(?:的话|时|的时候)?[，,]?(?:我(?!们))?(?:主要|一般|都|基本|通常|平时|常|多半|大多|还是)*(?=用|使用)|"
                       # any short activity, when the speaker is named after it: "做设计我都用 Figma"
                       r"^(?:平时|一般|主要|日常)?(?:做|写|画|剪|拍|记|搞|学|练|弄|修|编|处理|管理|跑|算)[\u4e00-\u9fffA-Za-z]{1,4}?(?:的话|时|的时候)?[，,]?"
                       r"我(?!们)(?:主要|一般|都|基本|通常|平时|常|多半|大多|还是)*(?=用|使用)")
_PASTIME = re.compile(r"(?:球|泳|跑步|慢跑|夜跑|操|舞|拳|琴|瑜伽|骑行|徒步|登山|爬山|滑雪|钓鱼|摄影|书法|健身|普拉提|唱歌|画画|露营|冲浪|攀岩)$")
_WANING = re.compile(r"^(?:不怎么|不太|不大|没(?:有)?(?:以前|之前|原来)?那么(?:爱)?)(?P<v>看|听|玩|打|追|刷|踢|练|逛|喝|吃)"
                     r"(?P<o>[^，,]{1,10}?)了?$")


#: "从喜欢摇滚转到喜欢爵士" (a liking for a liking) / "把 iPhone 换成了华为 Mate" (a thing for a thing).
_SWAPPED = re.compile(r"^(?:从|由)(?P<v>喜欢|爱|偏爱|迷|(?P<hated>讨厌|不喜欢|受不了|反感|怕))(?P<x>[^，,]{1,10}?)(?:转到|转向|转成|变成|变到|换到|改到|转为|变为)了?(?:喜欢|爱|偏爱|迷|离不开|爱上)(?:上|上了)?(?P<y>[^，,]{1,10}?)了?$|"
                      r"^把(?P<x2>[^，,]{1,12}?)(?:给)?(?:换成|改成|换为|替换成|升级成|升级到|换到)了?(?P<y2>[^，,]{1,12}?)了?$")


_NO_TOOL = re.compile(r"名字|名称|昵称|头像|名$|签名|备注|称呼|壁纸|铃声|时间|日期|地点|地址|密码|号码|颜色|标题|工作|职业|专业|" + RELATION_WORDS)


def _swapped(m: re.Match[str]) -> list[Draft] | None:
    """A thing or liking replaced by another: the new one holds the old one's slot."""
    if m["v"]:
        old, new = clean(m["x"]), clean(m["y"])
        ended = _d("dislikes" if m["hated"] else "likes", old, operation=Operation.end)  # "从讨厌咖啡变成了离不开咖啡"
        return [ended, _d("likes", new, flags={"change"})] if is_value(new) else None
    old, new = clean(m["x2"]), clean(m["y2"])
    old = clean(old.partition("从")[2]) if "从" in old else old  # "把数据库从 MySQL 换成…": the kind, then the old value
    if not is_value(new) or DEICTIC.match(old) or DEICTIC.match(new) or _NO_TOOL.search(old) or _NO_TOOL.search(new) \
            or re.search(r"^[\d零一二两三四五六七八九十]|[点号日月天]$|^[小老][\u4e00-\u9fff]$", new):
        return None  # "把名字改成了小王" / "把时间改成三点" / "把老公换成了小李": no thing the user uses
    slot = "uses_os" if _OS.fullmatch(new) else "drives" if re.fullmatch(r"(?:我的|家里的)?车", old) else "uses"
    kind = re.fullmatch(r"(?:我的|家里的)?(?:" + _THING_USED.pattern + r"|主力机|车)", old)  # "把电脑换成了 MacBook": the kind, no old value
    return [_d(slot, new, replaces=old if is_value(old) and not kind else None, flags={"change"})]


#: One-character verbs of the home, membership and leaving rules that open many other words (住院, 加班, 入门,
#: 退货): a rule reads them only as a word of their own, or as a longer word the rule names (住在, 加入, 退出).
_SHORT_VERBS = frozenset("住加入退")


def read_relations(c: ReadClause) -> list[Draft]:
    """Drafts the relation patterns read from ``c.core`` (first matching pattern wins)."""
    core = c.core
    if re.match(r"(?:已经|早就|都)?不在(?:乎|意)", core):
        return []  # "我已经不在乎了": not caring, no place left
    negated = False
    neg = re.match(r"^(?:并)?(?:不是|不在|没在|没有在|并不是|不)(?=.)", core)
    if neg and not re.match(r"^不(?:太|怎么)?(?:喜欢|爱|感冒)|^不是(?:很|太|特别|那么|非常)(?:喜欢|爱)|^不再|^不确定|^不耐受|^不(?:怎么|太|大)?(?:能)?(?:吃|喝)|"
                            r"^不(?:知道|清楚|记得|晓得|好说|一定|好意思)|^不[\u4e00-\u9fff]不[\u4e00-\u9fff]|^不(?:用|必|需要)再", core):  # "不冷不热": an idiom, no denial
        negated = "ended" not in c.flags or core.startswith("不是")
        rest = core[neg.end():]
        verb = re.match(r"^(?:练|学(?!校|院|生|堂)|玩|看|写|打|跑|追|刷|读|弄|搞|听|喝|抽)", rest) and neg.group().endswith("在")
        core = rest if re.match(r"^(?:在|是|住|用|喜欢|吃|做|当|搬)", rest) or neg.group().endswith(("是", "在")) else core
        if neg.group().endswith("在") and not core.startswith("在") and not verb:  # "没在练瑜伽了": 在 is progressive
            core = "在" + core
        elif neg.group().endswith("是") and not re.match(r"^(?:在|住|用|喜欢|吃|做|当|搬|对)", core):
            core = "是" + core
    waning = _WANING.match(core) if "ended" in c.flags else None
    if waning and is_value(clean(waning["o"])) and not DEICTIC.match(waning["o"]) and not _MEDICINE.search(waning["o"]):
        o = clean(waning["o"])  # "现在不怎么看电视了": a liking that waned (不看电视了 is a habit stopped)
        return [_d("likes", o if len(o) >= 2 else waning["v"] + o, operation=Operation.end)]
    if "ended" in c.flags:
        core = re.sub(r"^(?:不再|再也不|已不|没再|早就不|已经不|没(?:有)?(?:以前|之前|原来)?那么|不(?:像|如)(?:以前|之前|原来|过去|从前)那么|"
                      r"不(?:太|怎么|那么|大)?)(?:敢|想|愿意|能)?", "", core)
        core = re.sub(r"了$", "", core)
    core = re.sub(r"^由(?=[^，,]{1,10}?(?:转|搬|调|跳|换))", "从", core)  # "由北京转到了天津": 由 as 从
    core = re.sub(r"^(?:早就?|老早就?)(?=退(?:出)?了)", "", core)  # "那个群我早退了": 早 is "long ago", not 早退 (leaving early)
    swapped = _SWAPPED.match(core) if "ended" not in c.flags else None
    swapped_drafts = _swapped(swapped) if swapped else None
    if swapped_drafts:
        return swapped_drafts
    core = re.sub(r"^(?:住的是|住的地方是)", "住在", core)
    core = re.sub(r"^(?:更|比较|还是|已经)*习惯(?:于|了)?(?=用|使用|坐)", "", core)  # "更习惯用安卓"
    core = re.sub(r"^更?(?:想|愿意|倾向于?)(?=住|吃|喝|看|听|玩|去|过)", "更喜欢", core) if "more" in c.flags else core
    began = re.match(r"^(?P<v>看|听|玩|喝|吃|追|打|练|踢)(?P<o>[^，,]{1,10}?)了?$", core) if "began" in c.flags else None
    if began and is_value(clean(began["o"])) and not DEICTIC.match(began["o"]):  # "现在也开始看中超了"
        o = clean(began["o"])
        return [_d("preferred_drink" if began["v"] == "喝" and o in _DRINKS else "likes", o if len(o) >= 2 else began["v"] + o)]
    core = re.sub(r"^把家(?=搬)", "", core)  # "把家搬到了顺义"
    uninstalled = re.match(r"^把(?P<o>[^，,]{1,10}?)(?:给)?(?P<v>卸载|卸|删除|删)(?:掉|了)?(?:了)?$", core) or re.match(
        r"^(?P<v>卸载|卸|删除|删)(?:掉|了)+(?P<o>[^，,]{1,10}?)$", core)
    if uninstalled and is_value(clean(uninstalled["o"])) and not DEICTIC.match(uninstalled["o"]) and (
            uninstalled["v"].startswith("卸") or _APP.search(clean(uninstalled["o"]))):
        return [_d("uses", clean(uninstalled["o"]), operation=Operation.end)]  # "我把微博卸载了" / "把抖音删了"
    core = _TOOL_FOR.sub("", core, count=1)  # "写代码主要用 Rust": the tool, whatever it is used for
    core = re.sub(r"^(?:学|读|念)?的?专业(?:是|为)|^是(?:学|读|念)(?=[^，,]{2,8}?(?:专业)?的$)", "专业是", core)  # "我学的专业是临床医学"
    core = re.sub(r"^(?:有|患有)(?=[^，,有]{1,10}(?:不耐受|过敏)(?:症)?$)", "", core)  # "我确实有乳糖不耐受"
    core = re.sub(r"^过敏的(?:东西)?(?:是|就是)(?P<o>[^，,]{1,12})$", lambda m: f"对{m['o']}过敏", core)  # "我过敏的是青霉素"
    # "我开的车是…" names a car; a bare "我开的是…" only when what follows reads as one ("我开的是比亚迪",
    # not "我开的是夜班 / 视频会议 / 玩笑").
    core = re.sub(r"^开的(?:车|[^，,是的]{1,3}车)(?:是|就是)(?![^，,]*(?:店|公司|厂|馆|铺|超市|工作室))", "开车是", core)
    core = re.sub(r"^开的(?:是|就是)(?=(?:一辆|辆)?[^，,]{0,4}?(?:车|SUV|[A-Za-z]|" + _CAR_MAKES + "))", "开车是", core)
    core = re.sub(r"^(?P<v>用|养|喝|吃|读|看|听|玩)的(?![不没也都就还])(?:[^，,是的]{1,5})(?:是|就是)(?=[^，,]{2})", lambda m: m["v"], core)  # "用的笔记本是联想"
    core = re.sub(r"^(?P<v>做|开发|写|喜欢|爱|学|养|开|喝|吃)的是", lambda m: m["v"], core)
    core = re.sub(r"^(?:租房|租房子|合租|租|一个人|独自|自己)(?=住在|住[^在院了过着的])", "", core)  # "我租房住在望京": how, then where
    core = re.sub(r"^是(?=住|在|用|做|喜欢|对|搬|转做|转行|改做|改行|转去|转到|换到|改成|换成|从[^，,]{1,8}?搬|[^，,]{1,10}(?:过敏|不耐受?)$)", "", core)
    if "began" in c.flags and len(core) > 2 and core.endswith("了"):  # "去年十月开始在税务局上班了": a new state, begun
        core = re.sub(r"^去(?=[^，,]{2,12}?(?:上班|工作|实习)$)", "在", core[:-1])  # "开始去外企上班了": works there now
    elif re.fullmatch(r"在[^，,了过]{2,12}?(?:上班|工作|实习|任职|就职)了", core):
        core = core[:-1]  # "我在网易上班了": 了 of a state now holding, not of one ended
    words = dictionary_words(core)
    first = words[0] if words else ""
    for regex, handler in PATTERNS:
        m = regex.match(core)
        if m is None or (core[0] in _SHORT_VERBS and len(first) > 1 and first not in regex.pattern):
            continue  # "加班" / "住院" / "退货": a word that starts with the rule's verb, and no rule names it
        drafts = handler(m, c)
        if drafts:
            for d in drafts:
                d.negated = d.negated or (negated and d.operation is Operation.add and "ended" not in c.flags)
                if d.negated and not c.explicit_subject and re.match(r"^(?:而|并)?不是", c.core):
                    d.flags.add("denial")  # "…会计，不是金融": denies the value just said, whatever slot it reads as
            return drafts
    if "ended" in c.flags and ACTIVITY.match(core):
        return [_d("activity", clean(core), operation=Operation.end)]
    if "ended" in c.flags:
        job = re.match(r"^(?:做|干|当)(?P<o>[^，,]{1,8})$", core)
        if job and is_value(clean(job["o"])) and is_occupation(clean(job["o"])):
            return [_d("job_title", clean(job["o"]), operation=Operation.end)]  # "我不做设计了"
        if TRADE_ACT.match(core):
            return [_d("job_title", core, operation=Operation.end)]  # "不再送外卖了" / "滴滴不跑了"
        core = re.sub(r"^(?:给|帮|替|为)[^，,]{1,8}?(?=写|做|带|当|拍|画|教|上|开)", "", core)  # "不再给那家杂志写专栏了"
        habit = re.match(r"^(?:玩|打|追|刷|去|练|上|看|听|踢|吃|喝|抽|写|拍|画|教|带|弹|跳|唱)(?P<o>[^，,]{1,10})$", core)
        if habit and re.match(r"^(?:那家|这家|那个|这个)(?=..)", habit["o"]):  # "不再去那家健身房了"
            core = re.sub(r"^(?P<v>.)(?:那家|这家|那个|这个)", lambda m: m["v"], core)
            habit = re.match(r"^(?P<v>.)(?P<o>.+)$", core)
        if habit and is_value(clean(habit["o"])) and not DEICTIC.match(habit["o"]) and not _MEDICINE.search(habit["o"]) \
                and (len(clean(habit["o"])) >= 2 or core[0] in "吃喝抽"):
            return [_d("activity", clean(core), operation=Operation.end)]  # "不玩王者荣耀了" / "不去瑜伽课了"
    said = re.sub(r"^(?:对|在|是|用|做|当|干|搞)(?=..)", "", core)
    bare = clean(said) or clean(said, keep_measure=True)  # "不是一只": the count is the value
    if negated and is_value(bare) and len(bare) <= 16:  # "不是淘宝" / "不是对桃子": a denied bare value
        return [Draft(predicate=None, object=bare, negated=True, flags={"bare"})]
    return []


def task_period(span: TimeSpan, reference: datetime) -> bool:
    """A period a task is bound to: today (or part of it), tomorrow, this week or this month."""
    if span.kind is not TimeKind.point or span.start is None or span.end is None:
        return False
    length = span.end - span.start
    if span.start <= reference < span.end or (span.end <= reference and reference - span.end < timedelta(hours=12) \
            and span.start.date() == reference.date()):
        return length <= timedelta(days=31)
    monday = (reference - timedelta(days=reference.weekday())).replace(hour=0, minute=0, second=0, microsecond=0) \
        + timedelta(days=7)
    month_end = (reference.replace(day=1, hour=0, minute=0, second=0, microsecond=0) + timedelta(days=32)).replace(day=1)
    if reference < span.start and span.end <= month_end and re.search(r"这个月|本月|月底|月末", span.text):
        return True  # "这个月底要交房租": due within this month
    return (reference < span.start <= reference + timedelta(days=2) and length <= timedelta(days=1)) or (
        reference < span.start and span.end <= monday and length <= timedelta(days=2)
        and bool(re.search(r"周|星期|礼拜", span.text)))  # "周末要…": a day of this week named as such
