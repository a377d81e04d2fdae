"""Held-out answer_correctness items whose verdict needs meaning, not words (#22): right answers
in other words and wrong answers that reuse the reference's words.

    python -m tools.datagen.meaning            # writes benchmarks/items/meaning.jsonl
    python -m tools.datagen.meaning --check    # exits 1 if the committed file differs

Measured with the trained readout, per kind and side (the run command is in
``benchmarks/results/readouts/meaning.md``):

    python -m benchmarks.readouts.readout_eval --items benchmarks/items/meaning.jsonl \\
        --out benchmarks/results/readouts/meaning_after

Each item is ``{id, category, kind, side, input, output, expected, gold, why}``;
``category`` is ``<kind>:<side>`` so the per-category table splits each kind into its right
and wrong answers:

* ``alias``              - another name of the same thing: a country's everyday or official name
                           or code, a currency's name or code, an element's symbol or other
                           spelling, initials ("NYC"); wrong: a neighbour of the same type
                           ("Austria" for "Australia", "Ag" for gold);
* ``reordered_list``     - the reference's items in another order ("argon and neon" for "neon
                           and argon"), with aliases inside; wrong: one item swapped or missing;
* ``yes_no_otherwise``   - yes or no said another way ("We can't.", "Nope", "Absolutely", "It
                           does."); wrong: the same phrasings of the other answer;
* ``quantity_precision`` - a quantity in another unit or rounded, equal within the precision it
                           is written with ("about 42.2 km" for "26.2 miles"); wrong: outside it
                           ("43 km", "about 38,560" for 38556);
* ``trap``               - the reference's words mentioned and rejected ("Jupiter is second;
                           Saturn is the largest." for "Jupiter"): wrong; and the right answer
                           given after rejecting a wrong one: right.

``gold`` is the rubric's level: 4 for a right answer in other words, 0 for a wrong one, 2 for a
two-item list with one item missing.  None of these items is in the training data, and the
phrasings were written for this set, not taken from the training templates.
"""

from __future__ import annotations

import argparse
import sys

from tools.datagen.common import TEST_ITEMS_DIR, dumps, write_or_check

OUT = TEST_ITEMS_DIR / "meaning.jsonl"

# (question, expected, right outputs, wrong outputs)
ALIAS = [
    ("Which country has its capital in Washington, D.C.?", "United States", ["USA", "The U.S.", "America"], ["Canada"]),
    ("Which country is Bharat?", "Republic of India", ["India (Bharat).", "India"], ["Pakistan", "Bangladesh"]),
    ("Which country is Amsterdam the capital of?", "the Netherlands", ["Holland"], ["Belgium"]),
    ("Which country was formerly called Burma?", "Myanmar", ["Burma, now Myanmar (MM)."], ["Thailand"]),
    ("Which country is Seoul the capital of?", "Republic of Korea", ["South Korea"], ["North Korea"]),
    ("Which country is Moscow the capital of?", "Russian Federation", ["Russia"], ["Belarus"]),
    ("Which country is Prague the capital of?", "Czech Republic", ["Czechia"], ["Slovakia"]),
    ("Which country is Canberra the capital of?", "Australia", ["Commonwealth of Australia"], ["Austria"]),
    ("Which country is Abuja the capital of?", "Nigeria", ["Federal Republic of Nigeria"], ["Niger"]),
    ("Which country is London the capital of?", "United Kingdom", ["UK", "Britain"], ["Ireland"]),
    ("Which country is Berlin the capital of?", "Germany", ["DEU", "Federal Republic of Germany"], ["Austria"]),
    ("Which country is Yamoussoukro the capital of?", "Côte d'Ivoire", ["Ivory Coast"], ["Ghana"]),
    ("What is the currency of Japan?", "Japanese yen", ["the yen (JPY)", "JPY"], ["the won (KRW)", "Chinese yuan"]),
    ("What is the currency of the United Kingdom?", "the British pound", ["pounds sterling", "GBP"], ["the euro"]),
    ("What is the currency of China?", "renminbi", ["the Chinese yuan", "CNY"], ["the yen"]),
    ("What is the currency of Switzerland?", "Swiss franc", ["CHF"], ["the euro (EUR)"]),
    ("What is the currency of the United States?", "USD", ["the US dollar"], ["the Canadian dollar"]),
    ("What is the currency of Russia?", "Russian ruble", ["the rouble (RUB)"], ["the hryvnia"]),
    ("Which element has atomic number 26?", "iron", ["Fe"], ["Co", "nickel"]),
    ("Which element has atomic number 79?", "gold", ["Au"], ["Ag", "silver"]),
    ("Which element has atomic number 11?", "sodium", ["Na"], ["K", "potassium"]),
    ("Which element has atomic number 13?", "aluminum", ["aluminium", "Al"], ["silicon"]),
    ("Which element has atomic number 16?", "sulfur", ["sulphur", "S"], ["phosphorus"]),
    ("Which element has atomic number 80?", "mercury", ["Hg"], ["lead (Pb)"]),
    ("Which element has atomic number 10?", "neon", ["Ne"], ["argon"]),
    ("Which city is called the Big Apple?", "New York City", ["NYC"], ["LA", "Chicago"]),
    ("Which UN agency leads on global public health?", "World Health Organization", ["WHO"], ["UNICEF"]),
    ("Which agency runs the US civil space programme?", "National Aeronautics and Space Administration",
     ["NASA"], ["ESA"]),
    ("Which body governs football in Europe?", "Union of European Football Associations", ["UEFA"], ["FIFA"]),
]
REORDERED = [
    ("Which two noble gases are in a neon sign's usual mix?", "neon and argon", ["argon and neon", "Ar and Ne"],
     ["neon and helium"], ["neon"]),
    ("Which two countries share the longest land border?", "the United States and Canada",
     ["Canada and the USA", "Canada and the United States"], ["Canada and Mexico"], ["Canada"]),
    ("Which two planets lie between the Sun and the Earth?", "Mercury and Venus", ["Venus and Mercury"],
     ["Venus and Mars"], ["Venus"]),
    ("Which two countries share the Iberian Peninsula (besides Andorra and Gibraltar)?", "Spain and Portugal",
     ["Portugal and Spain"], ["Spain and France"], ["Portugal"]),
    ("Which two elements make up water?", "hydrogen and oxygen", ["oxygen and hydrogen"], ["oxygen and nitrogen"],
     ["oxygen"]),
    ("What are the primary colours of paint?", "red, yellow and blue", ["blue, red and yellow", "yellow, blue and red"],
     ["red, green and blue"], None),
    ("Which two metals make bronze?", "copper and tin", ["tin and copper", "Sn and Cu"], ["copper and zinc"], ["tin"]),
    ("Which two currencies are the most traded?", "the US dollar and the euro", ["the euro and the US dollar",
     "EUR and USD"], ["the euro and the yen"], ["the euro"]),
    ("Which two countries border Liechtenstein?", "Switzerland and Austria", ["Austria and Switzerland"],
     ["Austria and Germany"], ["Austria"]),
    ("Name the two largest countries by area.", "Russia and Canada", ["Canada and the Russian Federation"],
     ["Canada and China"], ["Canada"]),
]
YES_NO = [  # (question, expected, outputs that say the same, outputs that say the other)
    ("Can humans breathe unaided on the Moon?", "No", ["We can't.", "Nope.", "Certainly not.", "Not at all.",
                                                        "They cannot."],
     ["Absolutely.", "Of course they can."]),
    ("Is the Pacific the largest ocean?", "Yes", ["Absolutely.", "It is.", "Of course.", "Definitely."],
     ["It isn't.", "Nope."]),
    ("Is a tomato a vegetable in botany?", "No", ["It isn't.", "Nah, it's a fruit.", "Absolutely not."],
     ["Sure, it is.", "Yep."]),
    ("Does water boil at 100 °C at sea level?", "Yes", ["It does.", "Yep.", "Sure.", "Certainly."],
     ["It doesn't.", "Not at all."]),
    ("Did Einstein win a Nobel Prize?", "Yes", ["He did.", "Indeed.", "Of course he did."],
     ["He didn't.", "Never."]),
    ("Can penguins fly?", "No", ["They can't.", "Nope, they swim.", "Definitely not."], ["They can.", "Absolutely."]),
    ("Is Sydney the capital of Australia?", "No", ["It's not.", "It isn't; Canberra is.", "Not at all."],
     ["It is.", "Definitely."]),
    ("Will a leap year have 366 days?", "Yes", ["It will.", "Absolutely.", "Of course."], ["It won't.", "Nope."]),
]
QUANTITY = [  # (question, expected, right outputs, wrong outputs)
    ("How long is a marathon?", "26.2 miles", ["about 42.2 km", "42.2 km", "roughly 42 km"],
     ["43 km", "about 40 km"]),
    ("About how many people live in the city?", "3,141,592", ["roughly 3.1 million", "about 3.14 million"],
     ["roughly 3.5 million", "about 2.9 million"]),
    ("How far is a mile in kilometres?", "1 mile", ["about 1.6 km", "1.61 km"], ["about 1.8 km", "2 km"]),
    ("What is the boiling point of water at sea level in Fahrenheit?", "100 °C", ["212 °F"], ["200 °F"]),
    ("How much does a litre of water weigh?", "1 kg", ["about 2.2 lb", "2.2 lb"], ["about 2.8 lb"]),
    ("How tall is Mount Everest?", "8,849 m", ["about 8.8 km", "roughly 8.85 km"], ["about 8.2 km"]),
    ("How fast is 100 km/h in mph?", "62.1 mph", ["about 62 mph", "roughly 62.1 mph"], ["about 70 mph"]),
    ("What is pi to five decimals?", "3.14159", ["about 3.14", "approximately 3.1416"], ["about 3.15"]),
    ("What is 63 × 612?", "38556", ["38,556"], ["about 38,560"]),
    ("What is the population of the country, roughly?", "83,240,525", ["about 83 million", "roughly 83.2 million"],
     ["about 80.5 million"]),
]
TRAPS = [  # (question, expected, wrong outputs that reuse the reference's words, right outputs that reject a wrong one)
    ("Which is the largest planet?", "Jupiter", ["Jupiter is second; Saturn is the largest.",
                                                 "Not Jupiter - it's Saturn."], ["Many say Saturn, but it is Jupiter."]),
    ("Who wrote Pride and Prejudice?", "Jane Austen", ["Many think Jane Austen, but it was Emily Brontë.",
                                                       "Jane Austen is a common guess; it was Charlotte Brontë."],
     ["Not Charlotte Brontë; it was Jane Austen."]),
    ("Which city is called the Big Apple?", "New York City", ["New York City is wrong; it's Chicago.",
                                                              "People say New York City, but it's Boston."],
     ["Chicago is wrong; it's New York City."]),
    ("How many legs does a spider have?", "8", ["Eight is a common guess, but it has six.",
                                                "Not 8 - the answer is 6."], ["Six is a common guess, but it has eight."]),
    ("How many legs does an insect have?", "6", ["Six is a common guess, but it has eight.",
                                                 "6 is wrong; it's 8."], ["Eight is wrong; it's 6."]),
    ("What is the capital of Australia?", "Canberra", ["Canberra is second; Sydney is the capital.",
                                                       "Many think Canberra, but it is Sydney."],
     ["Many think Sydney, but it is Canberra."]),
    ("What is the capital of Canada?", "Ottawa", ["Ottawa is a common guess, but the capital is Toronto.",
                                                  "The expected answer is Ottawa, but I'd say Toronto."],
     ["Not Toronto; Ottawa."]),
    ("Which element has the symbol Fe?", "iron", ["Iron is wrong; it's lead.", "Not iron - tin."],
     ["Lead is wrong; it's iron."]),
    ("In which year did World War II end?", "1945", ["Not 1945; it ended in 1944.",
                                                     "Many say 1945, but it was 1946."],
     ["Many say 1944, but it was 1945."]),
]
WRAPPERS = ("{}", "I think it's {}.")  # a right or wrong short answer, bare and wrapped


def _item(kind: str, side: str, n: int, question: str, output: str, expected: str, gold: int, why: str) -> dict:
    return {"id": f"meaning-{kind}-{side}-{n:03d}", "category": f"{kind}:{side}", "kind": kind, "side": side,
            "input": question, "output": output, "expected": expected, "gold": gold, "why": why}


def items() -> list[dict]:
    """Every item, in a fixed order (no randomness: the tables are the set)."""
    out: list[dict] = []

    def add(kind, side, question, output, expected, gold, why):
        n = sum(1 for it in out if it["kind"] == kind and it["side"] == side)
        out.append(_item(kind, side, n, question, output, expected, gold, why))

    for k, (q, exp, rights, wrongs) in enumerate(ALIAS):
        for r in rights:
            add("alias", "right", q, WRAPPERS[k % 2].format(r), exp, 4, "another name of the same thing")
        for w in wrongs:
            add("alias", "wrong", q, WRAPPERS[k % 2].format(w), exp, 0, "a different thing of the same type")
    for q, exp, rights, wrongs, partial in REORDERED:
        for r in rights:
            add("reordered_list", "right", q, r, exp, 4, "every item, in another order")
        for w in wrongs:
            add("reordered_list", "wrong", q, w, exp, 0, "one item wrong")
        for p in partial or []:
            add("reordered_list", "wrong", q, p, exp, 2, "one of two items")
    for q, exp, same, other in YES_NO:
        for s in same:
            add("yes_no_otherwise", "right", q, s, exp, 4, f"{exp.lower()}, said another way")
        for o in other:
            add("yes_no_otherwise", "wrong", q, o, exp, 0, "the other answer, said another way")
    for q, exp, rights, wrongs in QUANTITY:
        for r in rights:
            add("quantity_precision", "right", q, r, exp, 4, "equal within the precision it is written with")
        for w in wrongs:
            add("quantity_precision", "wrong", q, w, exp, 0, "outside the precision it is written with")
    for q, exp, wrongs, rights in TRAPS:
        for w in wrongs:
            add("trap", "wrong", q, w, exp, 0, "mentions the reference's answer and rejects it")
        for r in rights:
            add("trap", "right", q, r, exp, 4, "rejects a wrong answer and gives the right one")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if the committed file differs")
    args = ap.parse_args(argv)
    return write_or_check({OUT: dumps(items())}, args.check, source="tools.datagen.meaning")


if __name__ == "__main__":
    sys.exit(main())
