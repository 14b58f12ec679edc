"""Words that end something the user had, as data: which verb ends which kind of slot.

Kept apart from the readers in ``endings.py`` so that a new way of saying an ending is a new word
here, not a new pattern. Each verb is matched whole after its topic ("抖音我删了") or before its
object ("退出了足球群"); the same characters used otherwise (停车, 退货, 戒指, 雨停了) name no verb
of these lists.
"""

from __future__ import annotations

#: Things given up by selling or handing them over: the thing is no longer had ("那套老房子卖掉了").
SOLD = ("卖掉", "卖了", "卖", "出手", "转手", "转卖", "处理掉")
#: Accounts and apps deleted or closed: the thing is no longer used ("微博号我注销了", "快手我删了").
REMOVED = ("删掉", "删除", "删", "卸载掉", "卸载", "卸掉", "注销掉", "注销")
#: Groups, classes and clubs left: no longer a member ("退出了公司的足球群", "私教课我退了").
LEFT = ("退出", "退掉", "退群", "退")
#: Verbs of a habit refused from now on when said with stress ("一口都不碰了", "再也不抽了").
ABSTAINED = ("碰", "沾", "抽", "喝", "吃", "玩", "刷", "打", "追", "看")
#: Emphasis that makes "不 V 了" a standing refusal, not a refusal of the moment ("饭我不吃了").
STRESSED = ("一口都", "一口也", "一滴都", "一滴也", "一根都", "一根也", "一点都", "一点也", "一下都", "一次都",
            "再也", "压根", "碰都", "沾都")
#: Contact with a person cut off ("跟前任已经彻底没联系了", "把前男友拉黑了").
CONTACT_CUT = ("没联系了", "没有联系了", "没再联系了", "不联系了", "不再联系了", "断了联系", "断联了", "拉黑了",
               "删了", "互删了", "老死不相往来了")
#: Leaving a job said by its paperwork ("办完了离职手续", "提了离职", "辞职信交了").
QUIT_ACTS = ("办完了离职手续", "办完离职手续", "办好了离职手续", "办了离职手续", "提了离职", "提离职了", "交了辞职信",
             "递了辞呈", "交了辞呈", "辞职信交了", "辞呈递了", "离职手续办完了", "离职手续办好了", "走完了离职流程")
#: Things whose 删/卸载/注销 ends their use: apps, accounts, platforms (a deleted photo ends nothing; "微信也删了"
#: after a break-up is a contact deleted, so the messengers are not listed).
ACCOUNTS = (r"号$|账号|帐号|账户|App|APP|app|软件|应用|客户端|抖音|快手|微博|小红书|B站|b站|知乎|淘宝|拼多多|"
            r"游戏|王者|原神|吃鸡|Steam|steam|Twitter|Facebook|Instagram|TikTok|Soul|探探|陌陌|豆瓣|头条|"
            r"公众号|视频号|直播|网盘|会员")
#: Groups and paid things one leaves ("足球群", "私教课", "跑团", "读书会", "健身房的卡"); goods sent back are none.
GROUPS = r"群|课|班|团|会$|社|俱乐部|协会|联盟|战队|队$|圈|小组|会员|训练营|私教|卡$|订阅|套餐|会籍|包月|年费|(?i:membership|subscription)"
#: Verbs of a pastime, class or side gig that "X 我不 V 了" ends when the thing is named first ("吉他我不弹了",
#: "跑团我不跑了", "滴滴我不开了"); eating and drinking are left out ("饭我不吃了" refuses one meal).
STOPPED_DOING = ("去", "参加", "上", "用", "玩", "学", "练", "续费", "续", "买", "看", "追", "订", "做", "弹", "打", "骑", "拉",
                 "吹", "画", "跑", "开", "接", "唱", "跳", "游", "滑", "教", "刷", "当")
#: Paid things one switches off ("连续包月我关掉了", "自动续费关了"), besides those one cancels or stops.
SWITCHED_OFF = ("关掉", "关闭", "关")
