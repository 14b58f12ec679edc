"""Chat wordings of a hedge that the clause reader does not know, rewritten before the parse into
the hedge words it does know (span-safe: see ``offline._rewrite``), so the fact is kept uncertain
rather than stored as certain.

Three groups by meaning: a lead that limits what the speaker knows ("as far as I know", "iirc",
"I'd imagine", "my guess is") reads "I think"; an adverb of likelihood ("presumably",
"supposedly", "most likely", "prolly") reads "probably"; a hedge tagged on after the statement
("my sister lives in Oslo, I think", "..., as far as I know") reads as a "probably" inside it,
since a hedge clause of its own only colours the clauses after it. Being tempted or leaning
towards a step is considering it.
"""

from __future__ import annotations

# what limits the speaker's knowledge of the clause it leads
_KNOWING = (r"as\s+far\s+as\s+I\s+(?:know|can\s+tell|remember|recall)|afaik|iirc|"
            r"if\s+I\s+(?:remember|recall)\s+(?:rightly|correctly|right)|if\s+memory\s+serves(?:\s+me)?(?:\s+(?:right|well))?|"
            r"last\s+I\s+(?:checked|heard)|unless\s+I'?m\s+(?:mistaken|wrong)|to\s+(?:the\s+best\s+of\s+)?my\s+knowledge")
_GUESSING = (r"I'?d\s+(?:imagine|guess|wager|bet)|I\s+imagine|my\s+(?:guess|hunch)\s+is|something\s+tells\s+me|"
             r"I'?m\s+(?:half|almost|kind\s+of|kinda|sort\s+of|fairly|pretty|more\s+or\s+less)\s+convinced|"
             r"I'?m\s+(?:inclined|tempted)\s+to\s+(?:think|say|believe)|I'?d\s+hazard\s+a\s+guess|I'?m\s+under\s+the\s+impression|"
             r"I\s+(?:get|have)\s+(?:the|a)\s+(?:sneaking\s+)?(?:feeling|impression|suspicion)(?!\s+(?:of|for|about|in)\b)")
# what the speaker hopes or wishes for rather than knows: "hopefully", "fingers crossed", "touch wood"
# luck wished for: "fingers crossed", "touch wood", "god willing"
_LUCK = (r"fingers\s+crossed|touch\s+wood|knock\s+on\s+wood|all\s+being\s+well|with\s+(?:any|a\s+bit\s+of)\s+luck|"
         r"god\s+willing|if\s+all\s+goes\s+(?:well|to\s+plan)")
_HOPING = rf"hopefully|{_LUCK}|we'?ll\s+see|I\s+hope|or\s+so\s+I\s+hope"
_TAGS = (rf"{_KNOWING}|{_HOPING}|I\s+(?:think|believe|guess|reckon|suppose|imagine)|or\s+so\s+I\s+(?:think|believe|hear)")

# a hedge said first as a clause of its own and then set aside with "but": "not 100% but ...",
# "I could be wrong, but ...", "don't quote me on this, but ..."
_SET_ASIDE = (r"(?:I'?m\s+|I\s+am\s+)?not\s+(?:(?:100|a\s+hundred)\s*(?:%|percent|per\s+cent)|entirely|totally|completely|"
              r"fully|really|super)(?:\s+(?:sure|certain|positive))?(?:\s+(?:on|about)\s+(?:it|this|that))?|"
              r"I\s+(?:could|might|may)\s+be\s+(?:wrong|mistaken|misremembering)|don'?t\s+quote\s+me(?:\s+on\s+(?:it|this|that))?|"
              r"correct\s+me\s+if\s+I'?m\s+wrong|no\s+idea\s+if\s+(?:this|it)'?s\s+(?:right|true)")
# what others say, passed on: "word is my boss is leaving", "I've heard I'm on the shortlist"
_HEARSAY = (r"word\s+is|rumou?r\s+(?:is|has\s+it)|(?:I'?ve\s+|I\s+have\s+)?heard|I\s+hear|people\s+(?:say|tell\s+me)|"
            r"from\s+what\s+I\s+(?:hear|heard|gather|understand)|they\s+(?:say|reckon)|I'?m\s+told|I\s+was\s+told")
# a guess of one's own with a question mark ("think I might be coeliac?"): the guess, then the marks
_GUESS_ASKED = (r"((?:I\s+)?(?:think|guess|reckon|suspect)\s+I(?:'m|\s+am|\s+might|\s+may|\s+could)\b[^?.!]*|"
                r"(?:I'?m\s+)?(?:pretty|fairly)\s+sure\s+I(?:'m|\s+am|\s+have)\b[^?.!]*|"
                r"apparently\s+I\s+(?:might|may|could)\b[^?.!]*|I\s+guess\s+I'm\b[^?.!]*)\?+")

# weighing a step up, not taking it: "toying with the idea of", "mulling over", "half thinking of"
_WEIGHING = (r"toying\s+with\s+the\s+idea\s+of|(?:contemplating|mulling(?:\s+over)?|weighing\s+up|pondering|entertaining\s+the\s+idea\s+of)|"
             r"(?:seriously|half|really|kinda|kind\s+of|sort\s+of|vaguely|idly)\s+(?:thinking\s+(?:maybe\s+)?(?:of|about)|considering)|"
             r"thinking\s+maybe\s+(?:of|about)|wondering\s+about|(?:half\s+)?tempted\s+towards")
# someone who would know, guessing or passing something on: "the vet reckons", "my manager hinted"
_OTHERS_GUESS = (r"(?:the|my|our|his|her|their)\s+(?:[a-z]+\s+)?(?:vet|doctor|gp|nurse|consultant|specialist|dentist|manager|boss|"
                 r"landlord|agent|teacher|coach|lawyer|accountant|mechanic|optician|physio|team\s+lead|hr)\s+"
                 r"(?:thinks|reckons|suspects|reckoned|thought|suspected|hinted|hints|implied|suggested|mentioned|wonders)(?:\s+that)?")
# words that cannot follow a modal as its verb: a question to the listener or a remark ("could you", "might as well")
_NOT_A_STEP = (r"be|you|u|ya|I|we|it|this|that|they|he|she|the|a|an|as|not|never|have\s+been|well\s+be|also|just|"
               r"ever|someone|anyone|somebody|anybody|there|so|too|"
               # the weather, or what a thing does ("might rain later", "could work", "might take a while")
               r"rain|snow|hail|happen|work|mean|help|contain|explain|sound|seem|matter|need|want|cost|last|"
               r"take\s+(?:a\s+while|a\s+bit|ages|forever|long|time|some\s+time|a\s+few|hours|days|weeks)")

# a step ahead ("we'll", "going to", "hoping to") and then the condition it hangs on
_AHEAD = r"(?:will|'ll|going\s+to|gonna|hoping\s+to|hope\s+to|planning\s+to|plan\s+to|aiming\s+to|intend\s+to)"
_CONDITION = (r"(?:but\s+)?(?:only\s+)?(?:if|depending\s+on|(?:it\s+)?(?:all\s+)?depends\s+on|as\s+long\s+as|assuming|"
              r"provided(?:\s+that)?|(?:budget|weather|money|funds|time|work)\s+permitting)\b(?!\s+(?:you|u|ya)\b)")

HEDGE_REWRITES: list[tuple[str, str]] = [
    # "We're hoping to buy a house next year, if the mortgage comes through", "I'll do the Camino in May,
    # depending on work": a step that hangs on a condition is not settled
    (rf"(\b{_AHEAD}\s+[^.!?,;]{{3,80}}?)\s*,\s*(?={_CONDITION})", r"\1 probably, "),
    # "Toying with the idea of learning the cello", "I'm seriously thinking about a PGCE": considering it
    (rf"\b(?:{_WEIGHING})\s+", "considering "),
    # "considering a move to the coast", "weighing up a switch to nights": the step the noun names
    (r"\bconsidering\s+(?:a|the)\s+(?:(?:possible|potential|big)\s+)?(?:move|relocation)\s+(?=to\b)", "considering moving "),
    (r"\bconsidering\s+(?:a|the)\s+(?:(?:possible|potential|big)\s+)?switch\s+(?=to\b)", "considering switching "),
    (r"(^|[.!;]\s+)((?:(?:so|and|but|tbh|honestly|ok|well|also)[,!.]?\s+)*)(?:(?:been|still)\s+)?considering\s+(?=\w+ing\b)",
     r"\1\2I'm considering "),
    (r"(^|[.!;]\s+)((?:(?:so|and|but|tbh|honestly|ok|well|also)[,!.]?\s+)*)(?:(?:half|really|very|so|sorely|kinda)\s+)?"
     r"tempted\s+to\s+(?=\w)", r"\1\2I might "),
    # "The vet reckons our cat might be diabetic", "my manager hinted I might get the posting": their guess
    # (only a guess of what may be: "my boss suspects I job hunt at lunch" is his, not a fact of mine)
    (rf"(^|[.!;,]\s+|\b(?:but|and|so)\s+){_OTHERS_GUESS}\s+(?=(?:I|I'm|I'll|we|we're|my|our)\b[^.!?,;]{{0,40}}?"
     r"\b(?:might|may|could|will|'ll|probably|possibly)\b)", r"\1apparently "),
    # "not 100% but I think ...", "could be wrong, but my cousin's a vet": what follows is the guess
    (rf"(^|[.!;]\s+)(?:{_SET_ASIDE})\s*,?\s+but\s*,?\s+(?:(?:I\s+)?(?:think|reckon|believe|guess)\s+(?:that\s+)?)?(?=\w)",
     r"\1I think "),
    # "Could be I'm anaemic", "might be that my sister's pregnant": a possibility, not a fact
    (r"(^|[.!;]\s+|\b(?:but|and|so)\s+)(?:(?:it|it's|there)\s+)?(?:could|might|may)\s+(?:well\s+)?be\s+(?:that\s+)?"
     r"(?=(?:I|I'm|I've|we|we're|my|our)\b)", r"\1maybe "),
    # "I kinda think I'm an introvert", "I do reckon", "I sorta suspect": the verb of guessing, softened
    (r"\bI\s+(?:kinda|sorta|kind\s+of|sort\s+of|do|really|honestly|genuinely|still|half|almost)\s+"
     r"(?:think|reckon|believe|guess|suspect|feel\s+like)\b", "I think"),
    # "word is my manager's leaving", "I've heard I'm on the shortlist": second hand, not known
    (rf"(^|[.!;]\s+|\b(?:but|and|so)\s+)(?:{_HEARSAY})(?:\s+that)?\s*,?\s+(?=(?:I|I'm|I'll|we|we're|my|our)\b)",
     r"\1apparently "),
    # "As far as I know, my sister lives in Oslo", "iirc I'm O negative", "I'd imagine I'm allergic"
    (rf"(^|[.!;]\s+|\b(?:but|and|so)\s+)(?:{_KNOWING}|{_GUESSING})(?:\s+that)?\s*,?\s+(?=\w)", r"\1I think "),
    # "presumably I'm on the list", "I'm most likely allergic", "prolly moving in May"
    (r"\b(?:presumably|supposedly|allegedly|seemingly|most\s+likely|more\s+than\s+likely|in\s+all\s+likelihood|"
     r"prolly|probs)\b", "probably"),
    # "Seems like I'm anaemic", "looks like I'm moving in May", "fingers crossed I get in",
    # "hopefully starting at Deloitte": what seems so or is hoped for, not what is known
    (r"(^|[.!;]\s+|\b(?:but|and|so)\s+)(?:(?:it|it's|it\s+is)\s+)?(?:seems|looks|seeming|looking)\s+(?:like|as\s+if|as\s+though)\s+"
     r"(?=(?:I|I'm|I've|I'll|we|we're|my|our)\b)", r"\1I think "),
    (rf"(^|[.!;]\s+|\b(?:but|and|so)\s+)(?:(?:{_LUCK})(?:\s+that)?\s*,?\s+)"
     r"(?=(?:I|I'm|I've|I'll|we|we're|we'll|my|our)\b)", r"\1probably "),
    (r"\bhopefully\b", "probably"),
    # "not sure if I'll stay", "unsure whether I'm allergic", "we'll see if I keep it": the step itself, hedged
    (r"\b(?:I'?m\s+|I\s+am\s+)?(?:not\s+(?:(?:really|totally|entirely|100%)\s+)?sure|unsure|undecided)\s+(?:if|whether)\s+"
     r"I(?:'ll|\s+will)\s+", "I might "),
    (r"\b(?:I'?m\s+|I\s+am\s+)?(?:not\s+(?:(?:really|totally|entirely|100%)\s+)?sure|unsure)\s+(?:if|whether)\s+I(?:'m|\s+am)\s+",
     "I might be "),
    (r"\bwe'?ll\s+see\s+(?:if|whether)\s+I(?:'ll|\s+will)?\s+(?=\w)", "I might "),
    # "I'm vegan-ish", "I'm sort-of vegetarian": a kind half held
    (r"\b(I'?m|I\s+am)\s+([a-z]+)\s*-\s*ish\b", r"\1 sort of \2"),
    # "I'm fairly confident I'm lactose intolerant": as sure as "pretty sure", no surer
    (r"\b(I'?m|I\s+am)\s+(?:fairly|pretty|reasonably|quite)\s+confident\b", r"\1 pretty sure"),
    # "My sister lives in Oslo, I think." / "..., as far as I know": the tag hedges what it follows
    (rf"\s*,\s*(?:{_TAGS})\s*(?=[.!]*(?:\s+(?-i:[A-Z])|\s*$))", " probably"),
    # "I'm tempted to move to Lisbon", "leaning towards getting a Kindle", "on the fence about selling it"
    (r"\bI(?:'?m|\s+am)\s+(?:(?:really|very|quite|so|sorely|half|kind\s+of|sort\s+of)\s+)?tempted\s+to\b", "I might"),
    # "might do a masters next year", "probably moving in May": a hedged step with its "I" dropped
    (r"(^|[.!]\s+)((?:(?:so|and|but|tbh|honestly|ok|well)[,!.]?\s+)*)(might|may|could|probably|possibly|maybe)\s+"
     r"(?!be\s+(?:that|it|worse|better|fine|wrong|right|nice|fun|good|great|bad|worth|the\s+case)\b)(?=(?:do|go|get|try|take|move|start|join|buy|switch|be|have|look|sign|apply|quit|leave|visit|head|book|give|sell|"
     r"moving|going|getting|starting|doing|taking|trying|switching|heading|leaving|applying|quitting)\b)", r"\1\2I \3 "),
    # "Might take up bouldering", "could end up doing the Camino", "possibly heading to Lisbon": any step
    (rf"(^|[.!]\s+)((?:(?:so|and|but|tbh|honestly|ok|well)[,!.]?\s+)*)(might|could|may)\s+(?:well\s+|possibly\s+)?"
     rf"(?:end\s+up\s+(?=\w+ing\b))?(?!(?:{_NOT_A_STEP})\b)(?=(?-i:[a-z])[a-z]*\b)(?![^.!?\n]*\?)", r"\1\2I \3 "),
    (r"(^|[.!]\s+)((?:(?:so|and|but|tbh|honestly|ok|well)[,!.]?\s+)*)(probably|possibly|maybe|perhaps)\s+(?!\w*thing\b)(?=(?-i:[a-z])[a-z]+ing\b)(?![^.!?\n]*\?)",
     r"\1\2I'm \3 "),
    # "think I might be coeliac?", "pretty sure I'm lactose intolerant?": a guess said with a rising
    # tone is a statement, not a question to the listener
    (rf"(^|[.!]\s+){_GUESS_ASKED}(?=\s*$|\s+(?-i:[A-Z]))", r"\1\2."),
    (rf"(^|[.!]\s+){_GUESS_ASKED}", r"\1\2;"),
    (r"(^|[.!]\s+)(?=(?:think|suspect)\s+I\b)", r"\1I "),
    (r"\bleaning\s+(?:more\s+)?(?:towards?|toward)\s+(?=\w+ing\b)|\bon\s+the\s+fence\s+about\s+(?=\w+ing\b)",
     "considering "),
]

#: verbs of a step a household takes with a thing of its own ("we might buy a caravan", "we may
#: extend the kitchen"): with "we" and a modal of maybe, the speaker's hedged plan.
HOUSEHOLD_STEPS = frozenset({
    "buy", "get", "sell", "adopt", "foster", "rent", "lease", "let", "mortgage", "remortgage", "extend", "renovate",
    "refurbish", "remodel", "repaint", "paint", "redecorate", "redo", "convert", "rebuild", "build", "install",
    "replace", "upgrade", "move", "relocate", "downsize", "upsize", "book", "put", "open", "start", "launch",
    "close", "expand", "plant", "landscape", "insulate", "refit", "retile", "knock", "demolish", "trade", "swap",
    "hire", "employ", "take", "enrol", "enroll", "register", "apply", "emigrate", "marry", "elope",
})

