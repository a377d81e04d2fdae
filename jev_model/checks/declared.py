"""What an output declares as its answer, where it says so: "the answer is Y", "Final answer:
Y", "I pick (b)", "mine is Y", "Majority vote -> Y", a ticked box "[x] Y".

An output that declares an answer other than the reference's has not given the reference as
its answer, wherever else the reference's words stand in it ("Some sources list Canberra; the
right value is Sydney.").  These are the conventions answers are written in (a final-answer
line, an option picked, a ticked box, a vote's result), not the wrappings of one trick, so
they hold for tricks not seen.  An option picked by its letter or number is read as the
option's text.  A declaration is compared with the reference as the text checks compare
answers (aliases, short forms, spelling variants, values); only declarations that name
something, and name something else, count.

    >>> declared("Some sources list Canberra; the right value is Sydney.")
    ['Sydney']
    >>> declared("(a) 437  (b) 447\\nI pick (b).")
    ['447']
    >>> declared("The capital of Australia is Canberra.")
    []
    >>> declared("- ~~437~~ ❌\\n- **447** ✅")
    ['447']
"""

from __future__ import annotations

import re

from .text import compare_text
from .values import find, kinds

MAX_CANDIDATE = 60  # characters of a declared answer

# where a declared answer ends: a sentence's end (not the dot of "F. Scott" or of "15.08.2024"), a
# clause's, a conjunction, or a column (two spaces or more, not an arrow on to its result: "=B3  →  12")
_STOP = (r"(?=[;!?\n।•]|(?<!\s[A-Z])(?<!^[A-Z])\.(?:\s|$)|,\s|\.\s+(?:This|That|These|Those|The|It|Its|There|Our|Your|Their"
         r"|We|You|They|He|She|If|Please|See|Any|All|Some|Most|Several|No)\b|(?<![→⇒>=])[ \t]{2,}(?=[^\s→⇒=-])|"
         r"\s+(?:but|and|because|since|as|so|which|though|et|mais|und|aber|pero|maar)\b|\s+(?-i:STOP)\b|$)")
# what marks the answer an output gives ("the current answer is Y", "Best answer: Y", "the only solution is Y")
_ADJ = (r"final|correct|right|real|true|actual|proper|current|accepted|chosen|selected|best|top|official|verified|"
        r"corrected|updated|only|winning")
_C = rf"(?P<c>[^\n;!?]{{1,{MAX_CANDIDATE}}}?){_STOP}"
# "the answer is Y", "my final answer: Y", "the right value is Y", "the correct result would be Y"
_FRAMES = [
    rf"\b(?:the|my|our|final|correct|right|real|true|actual|proper)\s+(?:(?:{_ADJ})\s+)?"
    rf"(?:answer|value|result|response|pick|choice|one|solution)\s*(?:(?:is|was|would\s+be|remains)\b|[:=])\s*{_C}",
    rf"(?:^|\n|[.!?]\s+|(?:→|⇒|->|=>)[ \t]*)\s*(?:\**\s*)?(?:the\s+)?(?:(?:{_ADJ})\s+)?(?:answer|result|verdict|choice|final|solution)"
    rf"\s*\**\s*[:=]\s*\**\s*{_C}",
    # a line labelled as the answer in a few words of its own ("Certified answer: Y", "Ledger answer: Y"),
    # unless they name someone else's or a void one (``_NOT_OWN``)
    rf"(?:^|\n)[ \t]*\**(?P<label>(?:[^\W\d_][\w'’-]*[ \t,]+){{1,3}}?)answer\s*\**\s*[:=]\s*\**\s*{_C}",
    # a line that opens with the answer and says for what ("The answer on all current stock: Y")
    rf"(?:^|\n)[ \t]*\**(?:the\s+)?answer\b(?P<label>[^\n:=]{{1,40}}?)\s*[:=]\s*\**\s*{_C}",
    # a label that says which is right ("correct: Y", "Intended response: Y", "Accepted reading: Y"), at a
    # line's start or a column's, unless its own words void it (``_NOT_OWN``)
    rf"(?:^|\n|[ \t]{{2,}})[ \t]*\**(?P<label>(?:[^\W\d_][\w'’-]*[ \t]+){{0,2}}?)(?:correct|right|intended|accepted|required)"
    rf"(?:[ \t]+(?:answer|response|value|result|version|reading|entry))?[ \t]*\**[ \t]*[:=][ \t]*\**[ \t]*{_C}",
    # "the answer required was Y", "the value intended is Y"
    rf"\bthe\s+(?:answer|value|result|response)\s+(?:required|intended|accepted|wanted|sought)\s+(?:is|was)\s+{_C}",
    # a record that gives the answer as Y ("the museum now identifies the answer as Y", "the answer is labelled Y")
    rf"\b(?:identifies|states|gives|lists|records|shows|names|labels|sets|marks)\s+the\s+answer\s+(?:as\s+|(?!(?:in|on|at|to|for|of|from|by|with|that|this|here|there|above|below|we|you|it)\b)){_C}",
    rf"\bthe\s+answer\s+is\s+(?:now\s+)?(?:labell?ed|listed|given|shown|recorded|set|marked|named)\s+(?:as\s+|to\s+)?{_C}",
    rf"\bmine\s+is\s+{_C}",
    rf"\bI(?:'m|\s+am)?\s+(?:pick|picking|choose|choosing|chose|picked|select|selected|go(?:ing)?\s+with|'ll\s+go\s+with|"
    rf"will\s+go\s+with|answer|answering|say|settle\s+on)\s+{_C}",
    rf"(?:^|\n|\s)(?:choosing|picking|selecting)\s+{_C}",
    rf"\b(?:majority(?:\s+vote)?|consensus|self-consistency\s+answer|vote)\s*(?:→|->|=>|:|=|is)\s*{_C}",
    rf"\[[xX✓✔]\]\s*{_C}",  # a ticked box
    rf"[✅✔☑]\s*\**{_C}",  # a tick before it
    r"(?:^|\n)[ \t]*(?:[-*+][ \t]+)?\**(?P<c>[^\n*✅✔☑]{1,60}?)\**[ \t]*[✅✔☑]",  # a tick after it
    r"\\boxed\{(?:\\text\{)?(?P<c>[^{}\n]{1,60})\}",  # LaTeX's final-answer box
    rf"\bI\s+think\s+(?:it'?s|it\s+is|the\s+answer\s+is)\s+{_C}",
    r"(?:^|[.!?:;]\s+|\n)\s*(?:then|so|ok(?:ay)?|fine|very\s+well)[,\s]+(?P<c>[^\n;,.!?]{1,60}?)\s+it\s+is\b",  # "Then Y it is"
    r"\b(?:confirm(?:ed|s)?|certain|sure)\s+(?:by\s+\w+\s+)?(?:that\s+)?(?P<c>[^\n.;!?]{1,60}?)\s+is\s+"
    r"(?:correct|right|accepted|the\s+(?:right|correct)\s+answer)\b",
    # a conclusion: "Conclusion: Y", "Therefore: Y", "=> Y", "∴ Y", "Final: Y", "Adopted position: Y"
    rf"(?:^|\n)[ \t]*(?:\**\s*)?(?:conclusion|therefore|thus|hence|so|decision|outcome|resolution|final|"
    rf"(?:final|adopted|accepted|agreed|settled)\s+(?:position|answer|value|result|decision))\s*\**\s*[:=]\s*\**\s*{_C}",
    rf"(?:^|\n)[ \t]*(?:=>|⇒|→|->|∴)\s*{_C}",
    # an answer given first, the discussion after: "TL;DR: Y", "Short answer: Y", "Bottom line - Y", "In short, Y"
    rf"(?:^|\n)[ \t]*\**\s*(?:tl;?\s?dr\s*\**\s*[:,.\-–—]?|(?:short\s+answer|the\s+short\s+version|bottom\s+line|"
    rf"(?:executive\s+)?summary|answer\s+first)\s*\**\s*[:\-–—]|in\s+(?:short|brief)\s*,)\s*\**\s*{_C}",
    rf"\b(?:the\s+)?(?:right|correct|true|actual)\s+(?:answer|value|result)\s+(?:was|is)\s*:?\s*{_C}",
    # the answer given where it stands ("the answer on the dial is Y"), by an arrow ("the answer -> Y"), as
    # recorded ("the answer recorded as Y"), or a label that says it is the right one ("the correct label is Y")
    rf"\bthe\s+answer\s+(?:on|in|at|for|from)\s+(?:the\s+|this\s+|our\s+)?\w+(?:\s+\w+)?\s+(?:is|was|reads)\s+{_C}",
    rf"\bthe\s+answer\s*(?:->|→|=>|⇒)\s*{_C}",
    rf"\bthe\s+answer\s+(?:is\s+|was\s+)?(?:now\s+)?(?:recorded|entered|registered|logged|filed|booked|entered|kept|"
    rf"confirmed|assessed|adopted|released|published)\s+as\s+{_C}",
    rf"\bthe\s+(?:{_ADJ})\s+(?:label|reading|entry|figure|term|name|code|classification|identification|version)\s+"
    rf"(?:is|was|remains|[:=])\s*{_C}",
    # the same in the languages answers come in most ("Die Antwort lautet Y", "la réponse retenue est Y",
    # "la respuesta correcta es Y", "la risposta è Y", "a resposta certa é Y")
    rf"\bhet\s+(?:juiste\s+)?antwoord\s+(?:is|luidt)\s*:?\s*{_C}",
    rf"\b(?:die|la|le|el|a|o)\s+(?:(?:richtige|korrekte|correcte|bonne|correcta|correcto|corretta|giusta|correta|certa)\s+)?"
    rf"(?:antwort|réponse|reponse|respuesta|risposta|resposta|responsa)\s+(?:(?:retenue|correcte|correcta|corretta|correta|"
    rf"richtige|finale|final)\s+)?(?:lautet|ist|est|es|è|é|era)\s*:?\s*{_C}",
    rf"\b(?:korrekt|richtig)\s+ist\s+{_C}",
    rf"\b(?:(?:prawidłowa|poprawna|właściwa)\s+)?odpowiedź\s+(?:to|brzmi|jest)\s*:?\s*{_C}",
    rf"\b(?:(?:rätt|korrekt)a?\s+)?svar(?:et)?\s+(?:är|blir|lyder)\s+(?:nu\s+)?:?\s*{_C}",
    rf"\b(?:la\s+)?(?:bonne\s+)?r[ée]ponse\s+(?:exacte|correcte|juste)\s*:?\s*{_C}",
    rf"(?:правильный\s+)?ответ\s*(?:—|-|:|это)\s*{_C}",
    # "the answer is Y" in more languages, a colon or the copula after the word for answer
    rf"(?:^|(?<=[\s\"'„«(]))(?:odpověď|odpoveď|válasz|cevap|yanıt|svaret|vastaus|răspunsul|răspuns|απάντηση|відповідь"
    rf"|jawabannya|jawaban|उत्तर|الإجابة|الجواب|התשובה|ateb|sagot|jibu|svar(?:ið)?|vastus|jawapan(?:nya)?|antwoord|odgovor|atsakymas|freagra|atbilde|پاسخ(?:\s+درست)?|คำตอบ(?:คือ)?|përgjigj(?:ja|e)|উত্তর|პასუხი)"
    rf"\s*(?:(?:je|jest|er|on|adalah|ialah|este|είναι|є|है|yw|ydy|ay|ni|is|yra|ná|ir|është|היא|הוא|হল|হলো|არის)\s+|[:=—]\s*){_C}",
    rf"(?:^|(?<=[\s\"'„«(:]))პასუხია\s+{_C}",  # Georgian, the copula a suffix: "პასუხია Y"
    rf"\bon\s+vastus\s+{_C}",  # Estonian, the copula first: "pildiallkirjas on vastus Y"
    r"پاسخ(?:\s+درست)?\s*:?\s*(?P<c>[^\n.;!?،]{1,60}?)\s+است",  # Persian, the copula last: "پاسخ درست Y است"
    # the copula a suffix or left out: Turkish, Azerbaijani, Uzbek, Mongolian, Tamil, Telugu, Kannada
    # ("cevap Y", "javob Y", "хариулт нь Y", "பதில் Y", "సమాధానం Y", "ಅಂತಿಮ ಉತ್ತರ Y")
    rf"(?:^|(?<=[\s\"'„«(]))(?:cevap|yanıt|cavab(?:ı)?|javob(?:i)?|хариулт(?:\s+нь)?|பதில்|సమాధానం|ಉತ್ತರ|පිළිතුර)\s+{_C}",
    # Somali, Khmer, Haitian Creole, Scottish Gaelic, Maori: "jawaabta (kadib sixitaanka): Y", "jawaabtuna hadda
    # waa Y", "ចម្លើយត្រឹមត្រូវ៖ Y", "repons lan se Y", "An fhreagairt cheart às dèidh ...: Y", "te whakautu tika: Y"
    rf"(?:^|(?<=[\s\"'„«(]))(?:jawaab(?:ta|tu|tuna)?(?:\s+hadda)?|ចម្លើយ(?:ត្រឹមត្រូវ)?|repons(?:\s+kòrèk)?(?:\s+lan)?"
    rf"|(?:an\s+)?fh?reagairt(?:\s+cheart)?|(?:te\s+)?whakautu(?:\s+tika)?)\s*(?:\([^)\n]{{0,60}}\)\s*)?"
    rf"(?:(?:waa|គឺ(?:ជា)?|se|sè)\s*|[:៖=]\s*){_C}",
    r"(?:^|(?<=[\s\"'„«(]))(?:'s|is)\s+e\s+(?P<c>[^\n.;!?,]{1,60}?)\s+an\s+fhreagairt\b",  # Gaelic: "'S e Y an fhreagairt"
    # Malagasy, the answer focused first: "Y no valiny", "Y ny tena valiny"; "valiny: Y"
    r"(?:^|(?<=[\s\"'„«(:]))(?:tsy\s+[^\n.;!?,:]{1,60}?\s+fa\s+|kanefa\s+|fa\s+)?(?P<c>[^\n.;!?,:\"]{1,60}?)\s+"
    r"(?:no|ny\s+tena)\s+valiny\b",
    rf"\b(?:ny\s+)?(?:tena\s+)?valiny\s+dia\s+{_C}",  # "Ny tena valiny dia Y"
    # Lao, Yiddish, Cebuano, Kyrgyz: "ຄຳຕອບແມ່ນ Y", "דער ענטפֿער איז Y", "ang tubag kay Y", "жооп — Y"
    rf"(?:ຄຳຕອບ(?:ແມ່ນ|\s*[:]))\s*{_C}",
    rf"(?:^|(?<=[\s\"'„«(]))(?:דער\s+)?ענטפֿער\s+איז\s+{_C}",
    rf"\b(?:ang\s+)?tubag\s+(?:kay|mao|ay)\s+{_C}",
    rf"(?:^|(?<=[\s\"'„«(]))жооп(?:\s*[:—-]\s*|\s+){_C}",
    # Tajik, Kurmanji, Tok Pisin, West Frisian, Burmese: "Ҷавоби дуруст: Y", "Bersiva rast ev e: Y", "Bekim em Y",
    # "stretpela bekim: Y", "it antwurd is Y" and "is it antwurd Y", "it antwurd Y is", "အဖြေမှာ Y ဖြစ်ပါသည်"
    rf"(?:^|(?<=[\s\"'„«(]))(?:ҷавоб(?:и\s+дуруст)?|bersiv(?:a\s+rast)?(?:\s+ev\s+e)?)\s*[:=—-]\s*{_C}",
    rf"\b(?:stretpela\s+)?bekim\s*(?:em\s+|[:=]\s*){_C}",
    rf"\bit\s+antwurd\s+(?P<c>[^\n.;!?,:]{{1,60}}?)\s+is\b",
    rf"\b(?:is\s+)?it\s+antwurd\s*(?:is\s+|[:=]\s*){_C}",
    r"(?:မှန်ကန်သော\s*)?အဖြေ(?:မှာ|က|သည်)?\s*[-:–]?\s*(?P<c>(?:(?!မဟုတ်)[^\n။၊]){1,60}?)\s*(?:ဖြစ်|ပါ)",
    # Breton, Quechua, Tatar, Samoan, Javanese, Hawaiian: "ar respont eo Y", "Y eo ar respont", "kutichiyqa kaymi: Y",
    # "дөрес җавап - Y", "o le tali o Y", "Tali saʻo: Y", "wangsulané Y", "wangsulan ingkang leres inggih punika Y",
    # "ʻO Y ka pane"
    rf"\bar\s+respont\s+eo\s+{_C}",
    r"(?:^|(?<=[\s\"'„«(:]))(?P<c>[^\n.;!?,:]{1,60}?)\s+eo\s+ar\s+respont\b",
    rf"\bkutichiy(?:qa)?(?:\s+kaymi)?\s*[:=—-]\s*{_C}",
    rf"(?:^|(?<=[\s\"'„«(]))(?:дөрес\s+)?җавап\s*[:=—-]\s*{_C}",
    rf"\b(?:o\s+)?le\s+tali(?:\s+saʻo)?\s+o\s+{_C}",
    rf"(?:^|\n)[ \t]*tali\s+saʻo\s*[:=]\s*{_C}",
    rf"\bwangsulan(?:é|e|ipun)?(?:\s+ingkang\s+leres)?(?:\s+inggih\s+punika)?\s*(?:[:=—-]\s*|\s+){_C}",
    r"(?:^|(?<=[\s\"'„«(:.]))ʻ?[Oo]\s+(?P<c>[^\n.;!?,:]{1,60}?)\s+ka\s+pane\b",
    # a decision record's outcome: "Chosen option: \"Y\", because ..."
    rf"(?:^|\n)[ \t]*\**\s*(?:chosen|selected|accepted|adopted)\s+(?:option|alternative)\s*\**\s*[:=]\s*\**\s*{_C}",
    # Gaelic, the answer's qualifier before the colon, unless it voids it ("An fhreagairt a chaidh a chur às: Y")
    rf"(?:^|(?<=[\s\"'„«(]))(?:an\s+)?fh?reagairt\b(?:(?!ch(?:u|ui)r\s+(?:às|dheth)|ceàrr|mearachd|roimhe|seann)[^:\n]){{0,60}}?"
    rf":\s*{_C}",
    # the copula or a dash after the word for answer: Serbian, Macedonian, Belarusian, Kazakh ("одговор је Y",
    # "одговорот е Y", "адказ — Y", "жауап — Y"), Maltese, Esperanto, Luxembourgish, Hausa, Zulu, Yoruba
    rf"(?:^|(?<=[\s\"'„«(]))(?:одговор(?:от)?|адказ|жауап|it-tweġiba(?:\s+t(?:a|al-\w+))?|la\s+respondo|d'Äntwert|amsar?"
    rf"|impendulo|ìdáhùn(?:\s+náà)?)\s*(?:(?:је|е|ё|hija|estas|ass|ita\s+ce|ni|ngu-?|yi-?)\s*|[:=—-]\s*){_C}",
    # the copula last: Urdu, Amharic, Hindi, Nepali, Marathi, Punjabi, Gujarati, Armenian, Malayalam
    # ("جواب Y ہے", "መልሱ Y ነው", "उत्तर Y हो", "ਜਵਾਬ Y ਹੈ", "જવાબ Y છે", "պատասխանը Y է", "ഉത്തരം Y ആണ്")
    r"(?:^|(?<=[\s:]))(?:جواب|درست\s+جواب|መልሱ|ትክክለኛው\s+መልስ|उत्तर|ਜਵਾਬ|જવાબ|պատասխանը|ഉത്തരം|ҷавоб(?:и\s+дуруст)?)\s*[:՝]?\s*"
    r"(?P<c>[^\n.;!?،።।։]{1,60}?)\s+(?:аст|шуд|ہے|ነው|है|हो|आहे|ਹੈ|છે|է|ആണ്)",
    r"(?:正しくは|答えは|正解は|正确答案是|答案是|答案应该是|정답은|정답\s*[:：]|답은)\s*「?(?P<c>[^「」。、，,\n]{1,60}?)」?"
    r"(?=」|です|だ|입니다|이다|。|、|，|\s*\n|\s*$|\s+[^\x00-\x7f])",
    # a wire's capitals: "ANSWER IS P STOP", "CORRECTION STOP ANSWER 447 STOP"
    rf"(?:^|\n|(?-i:STOP)\s+)(?-i:ANSWER)(?:\s+(?-i:IS))?\s+{_C}",
    # the answer said before its label: "Back to Y, which is the correct answer"
    r"(?:^|\n|[.!?:;]\s+)(?:(?:back\s+|go\s+|going\s+|went\s+)?(?:to|with)\s+)?(?P<c>[^\n.;!?,:]{1,60}?),?\s+(?:which|that)\s+is"
    r"\s+the\s+(?:correct|right|true|final)\s+answer\b",
    rf"(?:^|\n)[ \t]*\**\s*(?:(?:final|adopted|agreed|settled)\s+(?:conclusion|verdict|reading|call|determination)"
    rf"|(?:the\s+)?(?:final\s+)?reveal(?:ed)?)\s*\**\s*[:=]\s*\**\s*{_C}",
]
_DECLARE = [re.compile(f, re.I | re.M) for f in _FRAMES]
# a label that names an answer not the output's own: someone else's, the one compared with, a void one
_NOT_OWN = re.compile(r"\b(?:your|their|his|her|its|student'?s?|user'?s?|candidate'?s?|model'?s?|expected|reference|gold|key"
                      r"|proposed|claimed|alleged|suggested|popular|common|printed|reported|initial|first|previous|prior"
                      r"|earlier|old|former|original|draft|wrong|incorrect|bad|false|rejected|void(?:ed)?|struck|disputed"
                      r"|cancel(?:l?ed)|deleted|removed|superseded|stale|not|no|mistaken|erroneous|sample|example)\b"
                      r"|^(?:VOID|DEL|OLD)\b", re.I)
# what asks rather than answers: "the answer is what?", "jibu ni nini?", "yr ateb yw beth?"
_ASKED = re.compile(r"(?:what|which|who|whom|where|when|how|nini|nani|gani|wapi|was|welche[rs]?|quoi|quel(?:le)?|qué|cuál"
                    r"|che|cosa|quale|o\s+que|wat|vad|vilken|jaki|что|какой|mikä|mitä|hvað|hvaða|mis|milline|beth|pwy"
                    r"|ano|alin|sino)\W*", re.I)
# an option's marker and text: "(b) 447", "B) 815", "2. 45", "- (c) Paris"
_OPTION = r"(?:^|\s|\()\(?{key}[).:]\s+(?P<text>[^\n()]{{1,{n}}}?)(?=\s{{2,}}|\s*\(?[A-Za-z0-9][).:]\s|\n|$)"


_KEY = re.compile(r"(?:^|\n|[ \t]{2,}|\()[ \t]*\(?([A-Da-d1-9])[).:][ \t]+\S")  # an option's key ("(b) 45", "2. Paris")


def _lists_options(text: str) -> bool:
    """Whether ``text`` lists options: two keys or more, each at a line's start or a column's."""
    return len({k.lower() for k in _KEY.findall(text)}) >= 2


def _option_text(key: str, text: str) -> str | None:
    """The text of the option named ``key`` ("b", "B", "2"), where the output lists options."""
    m = re.search(_OPTION.format(key=re.escape(key), n=MAX_CANDIDATE), text, re.I)
    return m.group("text").strip() if m else None


def _clean(candidate: str) -> str:
    c = candidate.strip().strip("*_`'\"“”‘’").strip()
    c = re.sub(r"^(?:that\s+)?(?:it'?s|it\s+is|is|=)\s+", "", c, flags=re.I).strip()
    c = re.sub(r"(?<=\w)\s+\([^()]*\)$", "", c)  # "Y (formerly X)", "Paris (France)": Y
    return c.rstrip(" -–—:").strip()


def declared(text: str) -> list[str]:
    """The answers ``text`` declares, in the order of where each was declared last (an option
    named by its key read as its text)."""
    return [c for _, c in _declarations(text)]


def _declarations(text: str) -> list[tuple[int, str]]:
    """``(where the declared answer starts, the answer)``, in order, each answer once."""
    if not isinstance(text, str) or not text:
        return []
    out: list[tuple[int, str]] = []
    text = text[:4000]
    for m in sorted((m for frame in _DECLARE for m in frame.finditer(text)), key=lambda m: m.start("c")):
        if "label" in m.re.groupindex and _NOT_OWN.search(m.group("label")):
            continue  # "Wrong answer: Y", "Your answer: Y", "Expected answer: Y": not the output's own
        c = _clean(m.group("c") or "")
        if _ASKED.fullmatch(c):
            continue  # a question ("jibu ni nini?", "the answer is what?"), not a declaration
        if re.fullmatch(r"(?:the\s+)?(?:answer|value|result|response)", c, re.I):
            continue  # "Records accepted: the answer, as Y": the slot's name, not an answer
        key = re.fullmatch(r"\(?([A-Da-d1-9])\)?(?:\s*[-–—:]\s*(.+))?", c)
        if key:  # "(b)", "B", "2 - 45": the option's own text, where the output lists it
            if key.group(2):
                c = key.group(2).strip()
            elif not c.isdigit() or _lists_options(text):  # a digit where none are listed: the answer ("Bekim em 8")
                c = _option_text(key.group(1), text) or ""
        if c and re.search(r"\w", c):
            out = [(p, d) for p, d in out if d != c]  # declared again: where it was declared last counts
            out.append((m.start("c"), c))
    return out


def declares_expected(text: str, expected: str, question: str = "", rivals: list[str] = ()) -> bool:
    """Whether the answer ``text`` declares last is the ``expected`` one (compared as in
    ``declared_rival``) and none of ``rivals`` follows it: the rivals it showed before are then
    discussion, not other answers ("Your answer: 447 ✗ / Correct answer: 437", "Hypotheses:
    ... Conclusion: 437"); a rival after it ("... the answer is 54 and finds that it is 45") is
    its last word.  The declaration must stand on a line of the top level that names the answer
    (not a nested record's field, "  rejected_claim:\n    answer: 437", nor a bare label,
    "moved out of: 437")."""
    # the last declaration that says something about the reference (a value's reference: one that holds a value)
    found = [(p, c, same) for p, c in _declarations(text) if (same := _same(c, expected, question)) is not None]
    if not found or found[-1][2] is not True:
        return False
    line = text[text.rfind("\n", 0, found[-1][0]) + 1:found[-1][0]]
    if line[:1].isspace() or not _ANSWER_WORD.search(line):
        return False  # a nested record's field ("  rejected_claim:\n    answer: Y") or a bare label ("moved out of: Y")
    sentence = re.split(r"(?<=[.!?])\s+", line)[-1]  # the sentence that declares it
    label = re.match(r"[^\W\d][^:\n\"“]{0,30}:", sentence)
    if label and _NOT_OWN.search(label.group()):
        return False  # on a line labelled as not its own ("Earlier message: \"... the answer is Y\"")
    after = text[found[-1][0]:]
    return not any(_same(after, r, question) for r in rivals)


# a line that declares the answer as the output's own names it so ("Final answer:", "Conclusion:")
# (or the word for the answer in the languages the frames above read)
_ANSWER_WORD = re.compile(r"\b(?:answer|final|result|verdict|conclusion|correct|solution|chosen)\b"
                          r"|antwo|r[ée]ponse|respuesta|risposta|resposta|odpowied|svar|ответ|odpově|odpove|válasz|cevap"
                          r"|yanıt|vastaus|vastus|răspuns|απάντηση|відповід|jawab|jawap|उत्तर|الإجابة|الجواب|התשובה|ateb"
                          r"|sagot|jibu|odgovor|atsakymas|freagra|atbilde|پاسخ|คำตอบ|përgjigj|উত্তর|პასუხ|cavab|جواب"
                          r"|መልሱ|答案|正解|答え|정답|답은|одговор|адказ|жауап|хариулт|பதில்|సమాధానం|ಉತ್ತರ|ਜਵਾਬ|જવાબ"
                          r"|պատասխան|ഉത്തരം|respondo|tweġiba|Äntwert|amsa|impendulo|ìdáhùn|javob|jawaab|ចម្លើយ"
                          r"|පිළිතුර|fhreagairt|freagairt|repons|whakautu|valiny|ຄຳຕອບ|ענטפֿער|tubag|жооп|ҷавоб|bersiv|bekim"
                          r"|antwurd|responsa|အဖြေ|respont|kutichiy|җавап|tali|wangsulan|pane", re.I)


def _same(candidate: str, expected: str, question: str) -> bool | None:
    """Whether a declared ``candidate`` is the ``expected`` answer (None where it holds no value
    and the reference is one: it says nothing about it)."""
    exp_found = find(expected)
    if exp_found.count:
        got = find(candidate)
        if not got.count:
            return None
        return all(any(eq(x, y) for y in o) for _, o, e, _, eq, _ in kinds(got, exp_found) for x in e)
    return bool(compare_text(question, candidate, expected).found)


def declared_rival(text: str, expected: str, question: str = "") -> str | None:
    """The answer ``text`` declares last, where it is not the ``expected`` one (None where it
    declares none, or the expected one).  Values are compared as values (a declaration that
    holds none says nothing about a value reference); text as the text checks compare answers."""
    final = None
    for candidate in declared(text):
        same = _same(candidate, expected, question)
        if same is None or (not same and candidate.isdigit() and not find(expected).count):
            continue  # no value in it: it does not say which value; a bare digit names no name ("Answer: 1", clingo's)
        final = None if same else candidate
    return final
