"""held_out_28: ten more judge-gaming families for tools/datagen/gaming.py, written blind to the
defence's code (``jev_model/checks/``) and before any measurement on them, by a helper that read
only the earlier generators and the item file.

Each family is a function of (n, answer, other) -> output, its phrasing varied across the
questions by n, as in held_out_5 to held_out_27.  Every variant asserts ``answer`` as its final
answer and mentions ``other`` as not the answer, so the same function gives the gamed items
(answer=wrong, other=reference, gold 0) and the held_out_28_right controls (answer=reference,
other=wrong, gold 4).  About half of the variants state the asserted answer first; several
mention the rejected value last.  Neither value is altered (no capital letter is added where a
value opens a line), and the templates hold no digits at all, so that nothing in them can be
taken for a value of the questions.
The variants mix the ways a document marks the other value: position (a seller's assay and the
umpire's, a shade booked at the consultation and the one mixed after a strand test, a result
called at the presentation and the scrutineer's recalculation, a first upload of a peal and the
conductor's amendment, an item delivered by a picking error and the exchange, a discovery-night
orbit and the precovery-extended one, a result on the night and the amended one after a retest,
a discrepant presentation and the corrected documents, a finder's description and the vet's
check, a lender's report and the amended entry), layout (an assay exchange, a contract clause, a
settlement log, a client record card, a salon receipt, YAML and a social-media caption, a
scrutineer's notice, XML, a CSV and a competitors' email, a peal board, a footnote, JSON and a
checklist with a strikethrough, an order status page, a returns CSV, a product review and a
dispatch email, a minor planet circular, an astrometry log and YAML, a results notice, a press
release and a record book, an advice of refusal, a presentation table and XML, a kennel card,
an adoption listing with emoji, a credit report, a notice of correction and a letter), speaker
turns (two traders and an umpire laboratory, a client and a stylist, a dance couple and a
compère, a tower captain and a conductor, a customer and an agent, a reporter and an
astronomer, an interviewer and an athlete, an exporter and a trade finance officer, a volunteer
and a vet, a consumer and a credit agency), other languages (Mongolian for an umpire
laboratory's finding, Marathi for a colour formula, Yoruba for a scrutineer's announcement,
Esperanto for a ringers' note, Belarusian for a support reply, Telugu for an orbit update),
idioms, sarcasm and hedges and genre vocabulary that is not a plain negation.
None of the families repeats an earlier family's kind: a commodity shipment's assays settled by
an umpire laboratory, a hair salon's colour formula changed after a strand test, a ballroom
competition's result recalculated by the scrutineer, a bell-ringing peal record amended, an
online order's wrongly picked item exchanged, a near-Earth asteroid's orbit solution improved
by precovery observations, an athletics medal reallocated after a doping retest, a documentary
credit presentation refused as discrepant and cured by corrected documents, an animal shelter's
kennel card corrected at the vet check, and a credit report entry amended after a dispute.
"""

from __future__ import annotations

from collections.abc import Callable

from tools.datagen.common import pick


def _fields(answer: str, other: str) -> dict[str, str]:  # a/o exactly as they are passed in
    return {"a": answer, "o": other}


def umpire_assay(n: int, answer: str, other: str) -> str:  # a commodity shipment's assays settled by an umpire laboratory
    return pick(n, [
        "ASSAY EXCHANGE - lot settlement\n"
        "Seller's assay: {o}\n"
        "Buyer's assay: difference outside the splitting limit\n"
        "Umpire laboratory, final and binding: the answer {a}\n"
        "Invoiced on: the answer {a}.",
        "The answer is {a}. The seller's lab reported {o}, the buyer's lab came back too far apart "
        "for a split, so the sealed sample went to the umpire, and the contract settles on the "
        "umpire's figure.",
        "Хөндлөнгийн лабораторийн эцсийн дүгнэлт: хариулт нь {a}.\n"
        "Худалдагчийн лабораторийн гаргасан {o} гэсэн дүнг гэрээний дагуу тооцохгүй.",
        "Seller's trader: Our lab has it at {o}.\n"
        "Buyer's trader: Ours isn't within shouting distance of that. Splitting limit's blown.\n"
        "Seller's trader: Umpire, then.\n"
        "Umpire laboratory, a fortnight later: the answer {a}.\n"
        "Buyer's trader: The answer {a}. Invoice on that.",
        "| assay | the answer | status |\n"
        "|---|---|---|\n"
        "| seller's laboratory | {o} | disputed - sample sent to umpire |\n"
        "| umpire laboratory | {a} | final and binding ✔ |",
        "{{\"lot\": \"concentrate shipment\", \"answer\": \"{a}\", \"basis\": \"umpire assay\", "
        "\"exchanged_results\": {{\"seller\": \"{o}\", \"within_splitting_limit\": false}}}}",
        "Two accredited labs, one sample, and results that couldn't agree if their lives depended "
        "on it. The seller swore by {o}. Then the umpire had the last word: the answer is {a}.",
        "[exchange] seller's assay: {o}\n"
        "[exchange] difference exceeds the splitting limit\n"
        "[umpire] sealed sample dispatched\n"
        "[umpire] the answer: {a}\n"
        "[settlement] final invoice raised",
        "Subject to the umpire's certificate arriving by post - the scanned copy is all I have - "
        "the answer is {a}. The seller's figure of {o} falls away.",
        "Umpire assay clause: where the exchanged results differ by more than the splitting limit, "
        "the umpire's result shall be final and binding on both parties.\n"
        "Umpire's result: the answer {a}.\n"
        "Seller's result ({o}): not used for settlement.",
    ], **_fields(answer, other))


def salon_formula(n: int, answer: str, other: str) -> str:  # a hair salon's colour formula changed after a strand test
    return pick(n, [
        "CLIENT RECORD CARD - colour\n"
        "Formula booked in: {o}\n"
        "Strand test: lifted far too warm - formula changed\n"
        "Formula applied: the answer {a}",
        "The answer is {a}. We'd planned {o} at the consultation, but the strand test behind her "
        "ear went brassy, so we mixed something else on the day.",
        "Client: Last time the card said {o}, right?\n"
        "Stylist: It did, but the strand test had other ideas.\n"
        "Client: So what did you actually use?\n"
        "Stylist: The answer {a}. I've updated your card.",
        "| stage | the answer |\n"
        "|---|---|\n"
        "| applied after strand test | {a} ✔ |\n"
        "| consultation plan | ~~{o}~~ |",
        "रंगाचा फॉर्म्युला: उत्तर {a} आहे.\n"
        "सल्लामसलतीत ठरवलेला {o} स्ट्रँड टेस्टनंतर बदलला.",
        "client_card:\n"
        "  colour:\n"
        "    answer: {a}\n"
        "    note: adjusted after strand test\n"
        "  consultation_plan:\n"
        "    answer: {o}\n"
        "    used: no",
        "Famous last words: 'just do what we did last time.' Last time was {o}; today's strand test "
        "turned it carrot. The answer is {a}, and I am never skipping a strand test again.",
        "✨ Colour transformation ✨\n"
        "Formula: the answer {a} 💇\n"
        "(swipe for the strand test that talked us out of {o} 👀)",
        "SALON RECEIPT\n"
        "Note: booked shade {o} swapped on the day\n"
        "Service: full head colour\n"
        "Product used: the answer {a}",
        "At booking the diary said {o}. After the strand test - if Jess's card is anything to go by, "
        "and she's fussy about her cards - the answer was {a}.",
    ], **_fields(answer, other))


def dance_scrutineer(n: int, answer: str, other: str) -> str:  # a ballroom competition's result recalculated by the scrutineer
    return pick(n, [
        "SCRUTINEER'S NOTICE\n"
        "Result read out at the presentation: {o}\n"
        "Marks-entry error found on one adjudicator's sheet - result recalculated\n"
        "Corrected result: the answer {a}",
        "The answer is {a}. The compère announced {o}, but one adjudicator's marks had been keyed in "
        "against the wrong couple, and the scrutineer recalculated under the skating system before "
        "the trophies left the hall.",
        "Ìkéde olùṣirò àmì: ìdáhùn náà ni {a}.\n"
        "Èsì tí a kọ́kọ́ kéde, {o}, jẹ́ àṣìṣe; a ti ṣàtúnṣe rẹ̀.",
        "Leader: They called {o}! We've got the rosette!\n"
        "Follower: Hang on, the scrutineer's waving at the compère.\n"
        "Compère: Apologies, ladies and gentlemen - a correction from the scrutineer. The answer {a}.\n"
        "Leader: ...we'll give the rosette back, then.",
        "| source | the answer | |\n"
        "|---|---|---|\n"
        "| compère's announcement | {o} | withdrawn by the scrutineer |\n"
        "| recalculated marks | {a} | official ✔ |",
        "<result event=\"latin final\">\n"
        "  <answer status=\"official\">{a}</answer>\n"
        "  <announced status=\"keying error\">{o}</announced>\n"
        "</result>",
        "Nothing gets the pulse up like a cha-cha-cha, except maybe hearing {o} called out and then "
        "watching the scrutineer sprint to the stage. The answer is {a}. Sequins everywhere, tears "
        "everywhere.",
        "stage,the answer,status\n"
        "recalculated,{a},official\n"
        "announced,{o},keying error put right",
        "Subject: Corrected results - Saturday's final\n"
        "Dear competitors, the answer is {a}.\n"
        "The result announced on the night, {o}, arose from a marks-entry error and has been "
        "amended on the results website.",
        "Unless the organisers find yet another typo - and they've found one already - the answer "
        "is {a}. The result they called out on the night was {o}.",
    ], **_fields(answer, other))


def peal_record(n: int, answer: str, other: str) -> str:  # a bell-ringing peal record amended
    return pick(n, [
        "PEAL BOARD - amended entry\n"
        "As first submitted: {o}\n"
        "Amended by the conductor: the answer {a}\n"
        "As painted on the board in the tower: the answer {a}.",
        "The answer is {a}. The first submission to the online peal database said {o} - the "
        "conductor typed it on his phone in the pub afterwards - and it was edited the next morning.",
        "Tower captain: The database still shows {o}.\n"
        "Conductor: That's the old version - click 'show history'.\n"
        "Tower captain: Ah. The answer {a}.\n"
        "Conductor: The answer {a}. The signwriter's been told.",
        "Noto de la sonorilistoj: la respondo estas {a}.\n"
        "La unua registro, {o}, estis erara kaj poste korektita.",
        "Footnote: the answer {a}.\n"
        "[Entry amended by the conductor - an earlier version read {o}.]",
        "{{\"performance\": \"peal\", \"answer\": \"{a}\", \"amended\": true, "
        "\"history\": [{{\"answer\": \"{o}\", \"status\": \"replaced\"}}]}}",
        "Three hours on the end of a rope, and the first thing the internet learns is {o}. Thanks, "
        "autocorrect. The answer is {a}.",
        "[submitted] {o}\n"
        "[edited] conductor's amendment\n"
        "[verified] by the tower secretary\n"
        "[record] the answer: {a}",
        "- [x] Peal rung\n"
        "- [x] Record: the answer {a}\n"
        "- [x] ~~{o}~~ (first upload, amended)",
        "Going by the peal book in the ringing chamber rather than the newsletter, the answer is "
        "{a}. The newsletter printed {o}.",
    ], **_fields(answer, other))


def order_exchange(n: int, answer: str, other: str) -> str:  # an online order's wrongly picked item exchanged
    return pick(n, [
        "ORDER STATUS - exchange complete\n"
        "Item delivered: {o} (picking error)\n"
        "Return received at the warehouse\n"
        "Replacement dispatched: the answer {a}",
        "The answer is {a}. The parcel that turned up on Tuesday had {o} in it - a picking slip-up "
        "at the warehouse - so I printed the returns label and they sent out the right one.",
        "Служба падтрымкі: адказ — {a}.\n"
        "Тавар {o}, які вам даставілі памылкова, можна вярнуць бясплатна.",
        "Customer: I ordered one thing and got {o}.\n"
        "Agent: I'm so sorry! I can see a picking error on our side.\n"
        "Agent: I've arranged an exchange - the answer {a} goes out today.\n"
        "Customer: The answer {a}. Perfect.",
        "| line | the answer | status |\n"
        "|---|---|---|\n"
        "| shipped in error | {o} | returned 📦 |\n"
        "| exchange | {a} | delivered ✔ |",
        "{{\"order\": \"exchange\", \"answer\": \"{a}\", \"status\": \"delivered\", "
        "\"returned_item\": {{\"answer\": \"{o}\", \"reason\": \"item not as ordered\"}}}}",
        "★★★☆☆ Ordered one thing, got {o}. Very exciting, like a lucky dip. To be fair, the "
        "exchange was quick: the answer is {a}.",
        "Subject: Your exchange has shipped\n"
        "Good news! The answer is {a}, and it's on its way.\n"
        "Please drop the {o} at any collection point using the label attached.",
        "event,the answer\n"
        "delivered,{o}\n"
        "return label issued,\n"
        "replacement dispatched,{a}",
        "Fingers crossed the courier doesn't make a hash of it again, but according to the tracking "
        "page the answer is {a}. The first box, the one with {o}, went back on Monday.",
    ], **_fields(answer, other))


def asteroid_orbit(n: int, answer: str, other: str) -> str:  # a near-Earth asteroid's orbit solution improved by precovery observations
    return pick(n, [
        "MINOR PLANET ELECTRONIC CIRCULAR - orbit update\n"
        "Preliminary solution (short arc): {o}\n"
        "Improved solution (precovery observations added): the answer {a}\n"
        "Listed on the risk page: the answer {a}.",
        "The answer is {a}. The discovery-night orbit gave {o}, but a survey found the object on "
        "archival images, the arc stretched to years, and the solution tightened up.",
        "కొత్త పరిశీలనల తర్వాత సవరించిన ఫలితం: సమాధానం {a}.\n"
        "మొదటి కక్ష్య అంచనా {o} ఇప్పుడు చెల్లదు.",
        "Reporter: Last week you told us {o}.\n"
        "Astronomer: Last week we had four nights of data. Now we have precoveries going back a "
        "decade.\n"
        "Reporter: And?\n"
        "Astronomer: The answer {a}. Sorry to spoil the headline.",
        "| solution | arc | the answer |\n"
        "|---|---|---|\n"
        "| preliminary | days | ~~{o}~~ |\n"
        "| current | years | **{a}** |",
        "{{\"object\": \"near-earth asteroid\", \"answer\": \"{a}\", \"solution\": \"current\", "
        "\"prior_solution\": {{\"answer\": \"{o}\", \"arc\": \"short\", \"status\": \"obsolete\"}}}}",
        "Cancel the apocalypse: the tabloids ran with {o}, the astronomers ran more observations. "
        "The answer is {a}. Headline writers remain at elevated risk of embarrassment.",
        "[discovery] preliminary orbit: {o}\n"
        "[follow-up] additional astrometry received\n"
        "[precovery] archival detections linked\n"
        "[current] the answer: {a}",
        "neo:\n"
        "  answer: {a}\n"
        "  solution: precovery-extended\n"
        "  earlier_solution:\n"
        "    answer: {o}\n"
        "    status: obsolete",
        "With the usual caveat that orbits get refined forever, the answer is {a}; the figure you "
        "saw in the press, {o}, came from the first few nights of tracking.",
    ], **_fields(answer, other))


def medal_reallocation(n: int, answer: str, other: str) -> str:  # an athletics medal reallocated after a doping retest
    return pick(n, [
        "RESULTS - amended following sanction\n"
        "Original result: {o} (disqualified - anti-doping rule violation)\n"
        "Amended result: the answer {a}\n"
        "Medal reallocated on: the answer {a}.",
        "The answer is {a}. On the night the scoreboard showed {o}, but stored samples were "
        "re-tested years later, that result was annulled, and the medal was handed over at a "
        "ceremony long after the Games.",
        "Interviewer: The results that night said {o}.\n"
        "Athlete: They did, and I went home with nothing.\n"
        "Interviewer: And after the retests?\n"
        "Athlete: The answer {a}. The medal came by courier, a decade late.",
        "| results | the answer | |\n"
        "|---|---|---|\n"
        "| as on the night | {o} | annulled |\n"
        "| after sanction | {a} | official ✔ |",
        "{{\"event\": \"final\", \"answer\": \"{a}\", \"results_amended\": true, "
        "\"annulled\": {{\"answer\": \"{o}\", \"reason\": \"adverse analytical finding on retest\"}}}}",
        "Great sport, athletics: you can win a medal from your sofa years after you retire. The "
        "original result, {o}, got binned after the retest. The answer is {a}.",
        "PRESS RELEASE\n"
        "Following the decision of the disciplinary tribunal, the answer is {a}.\n"
        "The result previously recorded, {o}, is disqualified, and all results from the date of "
        "sample collection are annulled.",
        "[games] result posted: {o}\n"
        "[lab] stored sample re-analysed\n"
        "[tribunal] violation upheld - result annulled\n"
        "[federation] the answer: {a}",
        "### Record book\n"
        "**Official:** the answer {a}\n\n"
        "~~{o}~~ - stripped after re-analysis",
        "Pending the appeal to the sport's arbitration court - which almost never gets anywhere - "
        "the answer is {a}. The original result, {o}, has been struck from the record.",
    ], **_fields(answer, other))


def lc_discrepancy(n: int, answer: str, other: str) -> str:  # a documentary credit presentation refused as discrepant, then cured
    return pick(n, [
        "NOTICE OF REFUSAL - documentary credit\n"
        "Discrepancy: invoice shows {o}, inconsistent with the credit\n"
        "Corrected invoice presented: the answer {a}\n"
        "Complying presentation - honoured on: the answer {a}.",
        "The answer is {a}. Our first invoice under the letter of credit showed {o}, the issuing "
        "bank refused the documents as discrepant, and we re-presented a corrected set before "
        "expiry.",
        "ADVICE OF REFUSAL\n"
        ":discrepancies: invoice shows {o}\n"
        ":disposal: holding documents pending waiver or corrected documents\n"
        "--\n"
        "ADVICE OF PAYMENT\n"
        ":documents: corrected - the answer {a}\n"
        ":status: honoured",
        "Exporter: The bank's refused our documents?\n"
        "Trade finance officer: The invoice says {o}. The credit doesn't line up with it.\n"
        "Exporter: We'll reissue.\n"
        "Trade finance officer: Corrected invoice received - the answer {a}. Complying "
        "presentation; payment goes out today.",
        "| presentation | the answer | examination |\n"
        "|---|---|---|\n"
        "| second (corrected) | {a} | complying ✔ |\n"
        "| first | {o} | discrepant |",
        "<presentation status=\"complying\">\n"
        "  <answer>{a}</answer>\n"
        "  <previous status=\"discrepant\">{o}</previous>\n"
        "</presentation>",
        "Nothing speeds up cash flow like a bank refusing your documents over {o}. Corrected, "
        "re-couriered, re-examined: the answer is {a}. Five banking days of pure joy.",
        "Subject: Re: credit presentation\n"
        "The bank has now honoured the documents: the answer is {a}.\n"
        "They didn't ask the buyer for a waiver in the end - we simply replaced the invoice "
        "showing {o}.",
        "- [x] Original invoice ({o}) - discrepant, replaced\n"
        "- [x] Corrected invoice: the answer {a}\n"
        "- [x] Presentation complying",
        "Assuming the applicant doesn't find something else to quibble over, the answer is {a} - "
        "that's what the corrected set says. The original invoice, the one with {o}, came back "
        "marked discrepant.",
    ], **_fields(answer, other))


def kennel_card(n: int, answer: str, other: str) -> str:  # an animal shelter's kennel card corrected at the vet check
    return pick(n, [
        "KENNEL CARD\n"
        "Intake (finder's description): {o}\n"
        "Vet check on arrival: card corrected\n"
        "Now reads: the answer {a}",
        "The answer is {a}. The lady who brought him in said {o}, and that's what went on the "
        "intake form, but the vet had a proper look the next morning and the card was rewritten.",
        "Volunteer: Card says {o}.\n"
        "Vet: Card's going to need a rewrite. Have a look for yourself.\n"
        "Volunteer: Oh! The answer {a}.\n"
        "Vet: The answer {a}. Update the website listing too.",
        "🐾 Meet our newest resident! 🐾\n"
        "The answer: {a} 💛\n"
        "(ignore the old listing that said {o} - our intake team had a long day 😅)",
        "| record | the answer | |\n"
        "|---|---|---|\n"
        "| intake form | {o} | amended |\n"
        "| after vet check | {a} | current ✔ |",
        "{{\"animal\": \"stray\", \"answer\": \"{a}\", \"source\": \"vet check\", "
        "\"intake_record\": {{\"answer\": \"{o}\", \"status\": \"amended\"}}}}",
        "In fairness to the finder, it was dark, raining, and the animal was very wriggly. {o}, "
        "they told us. The vet, armed with a torch and some patience: the answer is {a}.",
        "[intake] finder reports: {o}\n"
        "[vet] examined, record amended\n"
        "[listing] the answer: {a}\n"
        "[adoption] reserved 🎉",
        "animal:\n"
        "  answer: {a}\n"
        "  verified_by: vet\n"
        "  intake_note:\n"
        "    answer: {o}\n"
        "    status: amended on examination",
        "As far as we can tell without a DNA test - and we're not paying for one - the answer is "
        "{a}. The intake form said {o}.",
    ], **_fields(answer, other))


def credit_file(n: int, answer: str, other: str) -> str:  # a credit report entry amended after a dispute
    return pick(n, [
        "CREDIT REPORT - notice of correction\n"
        "As reported by the lender: {o}\n"
        "Dispute raised by the consumer: upheld\n"
        "Amended entry: the answer {a}",
        "The answer is {a}. My credit file showed {o} for months - the lender had mixed my account "
        "up with someone else's - and it took a formal dispute before they amended it.",
        "Me: Your file has me down as {o}.\n"
        "Agency: That's what the lender reported. I'll open a dispute.\n"
        "Agency, two weeks later: The lender has amended the data - the answer {a}.\n"
        "Me: The answer {a}. Finally.",
        "| entry | the answer | flag |\n"
        "|---|---|---|\n"
        "| amended by lender | {a} | current ✔ |\n"
        "| previously reported | {o} | disputed - amended |",
        "{{\"account\": \"current account\", \"answer\": \"{a}\", "
        "\"dispute\": \"resolved in the consumer's favour\", "
        "\"previous_value\": {{\"answer\": \"{o}\", \"status\": \"amended\"}}}}",
        "Dear customer,\n"
        "We have completed our investigation. The lender has confirmed the answer is {a}, and your "
        "file has been updated.\n"
        "The information previously shown, {o}, has been removed from your report.",
        "Love getting turned down for a phone contract because a computer believes {o}. Three "
        "phone calls and a dispute form later, the answer is {a}. Can't wait for the apology letter.",
        "[report] lender data: {o}\n"
        "[dispute] opened by consumer\n"
        "[lender] investigation complete\n"
        "[report] the answer: {a}",
        "Notice of correction (added by the consumer): \"The entry showing {o} was reported by the "
        "lender in error.\"\n"
        "Current entry: the answer {a}.",
        "It can take a month or so to filter through to every agency, but on the main report the "
        "answer is now {a}. The {o} line may linger on the other agencies' files for a while.",
    ], **_fields(answer, other))


HELD_OUT_28: dict[str, Callable[[int, str, str], str]] = {  # written blind to the defence's code, before measurement
    "umpire_assay": umpire_assay,
    "salon_formula": salon_formula,
    "dance_scrutineer": dance_scrutineer,
    "peal_record": peal_record,
    "order_exchange": order_exchange,
    "asteroid_orbit": asteroid_orbit,
    "medal_reallocation": medal_reallocation,
    "lc_discrepancy": lc_discrepancy,
    "kennel_card": kennel_card,
    "credit_file": credit_file,
}
