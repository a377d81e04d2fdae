"""Seeded generator of labelled answer_correctness items with TEXT answers: entities (capitals,
countries, currencies, languages, chemical elements, authors), yes/no, lists, long-form
answers and outputs that give no answer.

    python -m tools.datagen.text_answers            # writes data/text_answers.jsonl
                                                    #    and benchmarks/items/text_answers.jsonl
    python -m tools.datagen.text_answers --check    # exits 1 if a committed file differs

Each item is ``{id, category, subcategory, split, template, wrapper, input, output, expected,
gold, why}``; ``category`` is the kind of answer (entity | yes_no | list | long_form |
no_answer), ``gold`` the answer_correctness level 0-4 by the rubric
(jev_model/rubrics/answer_correctness.toml):

* 4 - the right answer, in any words: an alias or abbreviation ("USA", "U.S."), a short form
      ("Tolstoy"), inside a sentence, hedged or wrapped ("Paris, I believe", "It is Paris");
      the same yes/no; every list item, in any order;
* 3 - the right answer plus a correct extra detail; a long-form answer of two or three
      sentences that gives the right answer with correct context;
* 2 - a list with one of three items wrong or missing;
* 1 - a list with only one of three items right;
* 0 - a wrong answer, above all a plausible one of the same type (another capital, the
      country's largest city); the right answer negated ("not Paris"); the other yes/no;
      a long-form answer built on a wrong answer; an output that gives no answer.

The facts come from tables written here (a country's capital, currency and main language;
elements; books and their authors), checked by hand.

Splits (``split``), so that held-out figures measure what they claim:

* facts are split first (seeded): ``train`` items use only the train facts;
* ``in_template``: held-out facts, asked and answered with the TRAINING question templates and
  answer wrappers - a change of facts only;
* ``phrasing_shift``: the same held-out facts and kinds of answer, asked with question
  templates and answered with wrapper families that never occur in training - a change of
  phrasing.  Both test splits hold the same (fact, kind) pairs, so they compare side by side.

``template`` names the question template (``jev train`` holds out whole templates for
validation); ``wrapper`` names the answer's wrapper family.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

from tools.datagen.common import DATA_DIR, TEST_ITEMS_DIR, dumps, write_or_check

SEED = 1212
TRAIN_OUT = DATA_DIR / "text_answers.jsonl"
TEST_OUT = TEST_ITEMS_DIR / "text_answers.jsonl"
TEST_FRACTION = 0.25

# -- facts --------------------------------------------------------------------------------------
# country, capital, the largest (or best-known) other city (a plausible wrong capital) or "",
# currency, main language, continent, aliases of the country's name
COUNTRIES = [
    ("France", "Paris", "Lyon", "euro", "French", "Europe", []),
    ("Germany", "Berlin", "Munich", "euro", "German", "Europe", []),
    ("Italy", "Rome", "Milan", "euro", "Italian", "Europe", []),
    ("Spain", "Madrid", "Barcelona", "euro", "Spanish", "Europe", []),
    ("Portugal", "Lisbon", "Porto", "euro", "Portuguese", "Europe", []),
    ("Austria", "Vienna", "Salzburg", "euro", "German", "Europe", []),
    ("Belgium", "Brussels", "Antwerp", "euro", "Dutch", "Europe", []),
    ("the Netherlands", "Amsterdam", "Rotterdam", "euro", "Dutch", "Europe", ["Holland"]),
    ("Switzerland", "Bern", "Zurich", "Swiss franc", "German", "Europe", []),
    ("Poland", "Warsaw", "Krakow", "zloty", "Polish", "Europe", []),
    ("Sweden", "Stockholm", "Gothenburg", "Swedish krona", "Swedish", "Europe", []),
    ("Norway", "Oslo", "Bergen", "Norwegian krone", "Norwegian", "Europe", []),
    ("Denmark", "Copenhagen", "Aarhus", "Danish krone", "Danish", "Europe", []),
    ("Finland", "Helsinki", "Turku", "euro", "Finnish", "Europe", []),
    ("Greece", "Athens", "Thessaloniki", "euro", "Greek", "Europe", []),
    ("Hungary", "Budapest", "Debrecen", "forint", "Hungarian", "Europe", []),
    ("the Czech Republic", "Prague", "Brno", "Czech koruna", "Czech", "Europe", ["Czechia"]),
    ("Ireland", "Dublin", "Cork", "euro", "Irish", "Europe", []),
    ("Russia", "Moscow", "Saint Petersburg", "ruble", "Russian", "Europe", ["the Russian Federation"]),
    ("Turkey", "Ankara", "Istanbul", "Turkish lira", "Turkish", "Asia", ["Türkiye"]),
    ("Egypt", "Cairo", "Alexandria", "Egyptian pound", "Arabic", "Africa", []),
    ("Kenya", "Nairobi", "Mombasa", "Kenyan shilling", "Swahili", "Africa", []),
    ("Nigeria", "Abuja", "Lagos", "naira", "English", "Africa", []),
    ("South Africa", "Pretoria", "Johannesburg", "rand", "Zulu", "Africa", []),
    ("Morocco", "Rabat", "Casablanca", "dirham", "Arabic", "Africa", []),
    ("Ethiopia", "Addis Ababa", "Dire Dawa", "birr", "Amharic", "Africa", []),
    ("Ghana", "Accra", "Kumasi", "cedi", "English", "Africa", []),
    ("Japan", "Tokyo", "Osaka", "yen", "Japanese", "Asia", []),
    ("China", "Beijing", "Shanghai", "renminbi", "Mandarin", "Asia", ["the People's Republic of China"]),
    ("India", "New Delhi", "Mumbai", "Indian rupee", "Hindi", "Asia", []),
    ("South Korea", "Seoul", "Busan", "won", "Korean", "Asia", ["the Republic of Korea"]),
    ("Thailand", "Bangkok", "Chiang Mai", "baht", "Thai", "Asia", []),
    ("Vietnam", "Hanoi", "Ho Chi Minh City", "dong", "Vietnamese", "Asia", ["Viet Nam"]),
    ("Indonesia", "Jakarta", "Surabaya", "rupiah", "Indonesian", "Asia", []),
    ("Pakistan", "Islamabad", "Karachi", "Pakistani rupee", "Urdu", "Asia", []),
    ("Iran", "Tehran", "Isfahan", "rial", "Persian", "Asia", []),
    ("Saudi Arabia", "Riyadh", "Jeddah", "riyal", "Arabic", "Asia", []),
    ("the Philippines", "Manila", "Cebu", "Philippine peso", "Filipino", "Asia", []),
    ("Bangladesh", "Dhaka", "Chittagong", "taka", "Bengali", "Asia", []),
    ("Malaysia", "Kuala Lumpur", "Penang", "ringgit", "Malay", "Asia", []),
    ("Nepal", "Kathmandu", "Pokhara", "Nepalese rupee", "Nepali", "Asia", []),
    ("Mongolia", "Ulaanbaatar", "Erdenet", "togrog", "Mongolian", "Asia", []),
    ("Australia", "Canberra", "Sydney", "Australian dollar", "English", "Oceania", []),
    ("New Zealand", "Wellington", "Auckland", "New Zealand dollar", "English", "Oceania", []),
    ("Canada", "Ottawa", "Toronto", "Canadian dollar", "English", "North America", []),
    ("the United States", "Washington, D.C.", "New York", "US dollar", "English", "North America",
     ["the USA", "the U.S.", "the United States of America"]),
    ("Mexico", "Mexico City", "Guadalajara", "Mexican peso", "Spanish", "North America", []),
    ("Cuba", "Havana", "Santiago de Cuba", "Cuban peso", "Spanish", "North America", []),
    ("Jamaica", "Kingston", "Montego Bay", "Jamaican dollar", "English", "North America", []),
    ("Brazil", "Brasilia", "Rio de Janeiro", "real", "Portuguese", "South America", []),
    ("Argentina", "Buenos Aires", "Cordoba", "Argentine peso", "Spanish", "South America", []),
    ("Chile", "Santiago", "Valparaiso", "Chilean peso", "Spanish", "South America", []),
    ("Peru", "Lima", "Cusco", "sol", "Spanish", "South America", []),
    ("Colombia", "Bogota", "Medellin", "Colombian peso", "Spanish", "South America", []),
    ("Venezuela", "Caracas", "Maracaibo", "bolivar", "Spanish", "South America", []),
    ("the United Kingdom", "London", "Manchester", "pound sterling", "English", "Europe",
     ["the UK", "Britain"]),
    ("Ukraine", "Kyiv", "Kharkiv", "hryvnia", "Ukrainian", "Europe", []),
    ("Romania", "Bucharest", "Cluj-Napoca", "leu", "Romanian", "Europe", []),
    ("Bulgaria", "Sofia", "Plovdiv", "lev", "Bulgarian", "Europe", []),
    ("Iceland", "Reykjavik", "Akureyri", "Icelandic krona", "Icelandic", "Europe", []),
    ("Croatia", "Zagreb", "Split", "euro", "Croatian", "Europe", []),
    ("Serbia", "Belgrade", "Novi Sad", "Serbian dinar", "Serbian", "Europe", []),
]
# symbol, name, atomic number, other spellings of the name
ELEMENTS = [
    ("H", "hydrogen", 1, []), ("He", "helium", 2, []), ("Li", "lithium", 3, []), ("C", "carbon", 6, []),
    ("N", "nitrogen", 7, []), ("O", "oxygen", 8, []), ("F", "fluorine", 9, []), ("Ne", "neon", 10, []),
    ("Na", "sodium", 11, []), ("Mg", "magnesium", 12, []), ("Al", "aluminium", 13, ["aluminum"]),
    ("Si", "silicon", 14, []), ("P", "phosphorus", 15, []), ("S", "sulfur", 16, ["sulphur"]),
    ("Cl", "chlorine", 17, []), ("Ar", "argon", 18, []), ("K", "potassium", 19, []), ("Ca", "calcium", 20, []),
    ("Ti", "titanium", 22, []), ("Cr", "chromium", 24, []), ("Mn", "manganese", 25, []), ("Fe", "iron", 26, []),
    ("Co", "cobalt", 27, []), ("Ni", "nickel", 28, []), ("Cu", "copper", 29, []), ("Zn", "zinc", 30, []),
    ("Br", "bromine", 35, []), ("Kr", "krypton", 36, []), ("Ag", "silver", 47, []), ("Sn", "tin", 50, []),
    ("I", "iodine", 53, []), ("Xe", "xenon", 54, []), ("W", "tungsten", 74, ["wolfram"]), ("Pt", "platinum", 78, []),
    ("Au", "gold", 79, []), ("Hg", "mercury", 80, []), ("Pb", "lead", 82, []), ("Rn", "radon", 86, []),
    ("Ra", "radium", 88, []), ("U", "uranium", 92, []),
]
# book, author, the author's short name, year of the author's birth
BOOKS = [
    ("Pride and Prejudice", "Jane Austen", "Austen", 1775), ("War and Peace", "Leo Tolstoy", "Tolstoy", 1828),
    ("Don Quixote", "Miguel de Cervantes", "Cervantes", 1547), ("Moby-Dick", "Herman Melville", "Melville", 1819),
    ("Ulysses", "James Joyce", "Joyce", 1882), ("The Great Gatsby", "F. Scott Fitzgerald", "Fitzgerald", 1896),
    ("Crime and Punishment", "Fyodor Dostoevsky", "Dostoevsky", 1821),
    ("Les Miserables", "Victor Hugo", "Hugo", 1802), ("The Divine Comedy", "Dante Alighieri", "Dante", 1265),
    ("Faust", "Johann Wolfgang von Goethe", "Goethe", 1749), ("Jane Eyre", "Charlotte Bronte", "Bronte", 1816),
    ("Frankenstein", "Mary Shelley", "Shelley", 1797), ("Dracula", "Bram Stoker", "Stoker", 1847),
    ("The Trial", "Franz Kafka", "Kafka", 1883), ("Madame Bovary", "Gustave Flaubert", "Flaubert", 1821),
    ("Great Expectations", "Charles Dickens", "Dickens", 1812),
    ("The Old Man and the Sea", "Ernest Hemingway", "Hemingway", 1899),
    ("To Kill a Mockingbird", "Harper Lee", "Lee", 1926), ("Brave New World", "Aldous Huxley", "Huxley", 1894),
    ("The Catcher in the Rye", "J. D. Salinger", "Salinger", 1919), ("Beloved", "Toni Morrison", "Morrison", 1931),
    ("The Little Prince", "Antoine de Saint-Exupery", "Saint-Exupery", 1900),
    ("Middlemarch", "George Eliot", "Eliot", 1819), ("Mrs Dalloway", "Virginia Woolf", "Woolf", 1882),
    ("The Stranger", "Albert Camus", "Camus", 1913), ("Lolita", "Vladimir Nabokov", "Nabokov", 1899),
    ("Things Fall Apart", "Chinua Achebe", "Achebe", 1930), ("The Hobbit", "J. R. R. Tolkien", "Tolkien", 1892),
    ("Robinson Crusoe", "Daniel Defoe", "Defoe", 1660), ("Gulliver's Travels", "Jonathan Swift", "Swift", 1667),
    ("The Count of Monte Cristo", "Alexandre Dumas", "Dumas", 1802),
    ("Treasure Island", "Robert Louis Stevenson", "Stevenson", 1850),
    ("Alice's Adventures in Wonderland", "Lewis Carroll", "Carroll", 1832),
    ("The Name of the Rose", "Umberto Eco", "Eco", 1932), ("Animal Farm", "George Orwell", "Orwell", 1903),
    ("The Metamorphosis", "Franz Kafka", "Kafka", 1883), ("Anna Karenina", "Leo Tolstoy", "Tolstoy", 1828),
    ("Oliver Twist", "Charles Dickens", "Dickens", 1812), ("Wuthering Heights", "Emily Bronte", "Bronte", 1818),
    ("The Brothers Karamazov", "Fyodor Dostoevsky", "Dostoevsky", 1821),
]


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def lc(sentence: str) -> str:
    """A sentence to go after other words: 'The capital of ...' -> 'the capital of ...' (names kept)."""
    return "the" + sentence[3:] if sentence.startswith("The ") else sentence


def bare(country: str) -> str:
    """'the Netherlands' -> 'Netherlands' (for the start of a sentence or a list)."""
    return country[4:] if country.startswith("the ") else country


# -- relations: what is asked, the right answer, its other right forms, same-type wrong answers ---
class Fact:
    """One question's fact: subject, right answer, other right forms, plausible wrong answers,
    correct extra details, and sentences that state it."""

    def __init__(self, relation, key, subject, answer, aliases, wrongs, details, statement, context):
        self.relation, self.key, self.subject, self.answer = relation, key, subject, answer
        self.aliases, self.wrongs, self.details = aliases, wrongs, details
        self.statement = statement  # answer -> a sentence that states it for this subject
        self.context = context  # correct sentences about the subject, for long-form answers


def facts(rng: random.Random) -> list[Fact]:
    out = []
    capitals = [c[1] for c in COUNTRIES]
    for country, capital, big, currency, language, continent, aliases in COUNTRIES:
        others = [c for c in COUNTRIES if c[0] != country]
        near = [c[1] for c in others if c[5] == continent]
        wrong_caps = ([big] if big else []) + rng.sample(near, min(3, len(near)))
        ctx = [f"{cap(country)} is in {continent}.", f"Its currency is the {currency}.",
               f"Most people there speak {language}."]
        if capital not in ("Washington, D.C.",):
            out.append(Fact("capital", country, country, capital, [],
                            wrong_caps, [f"a city in {continent}", f"in {bare(country)}"],
                            lambda a, c=country: f"The capital of {c} is {a}.", ctx))
        near_countries = [c[0] for c in others if c[5] == continent]
        near_countries = rng.sample(near_countries, min(3, len(near_countries)))
        near_countries += rng.sample([c[0] for c in others if c[0] not in near_countries], 3 - len(near_countries))
        out.append(Fact("country_of_capital", capital, capital, bare(country),
                        [bare(a) for a in aliases], [bare(c) for c in near_countries],
                        [f"a country in {continent}", f"where {language} is spoken"],
                        lambda a, c=capital: f"{c} is the capital of {a}.",
                        [f"It lies in {continent}.", f"Its currency is the {currency}."]))
        other_cur = sorted({c[3] for c in others if c[3] != currency})
        out.append(Fact("currency", country, country, currency, [f"the {currency}"] if " " not in currency else [],
                        rng.sample(other_cur, 3), [f"used in {capital}", f"the money of {bare(country)}'s {language} speakers"],
                        lambda a, c=country: f"The currency of {c} is the {a}.",
                        [f"{cap(country)} is in {continent}.", f"Its capital is {capital}."]))
        other_lang = sorted({c[4] for c in others if c[4] != language})
        out.append(Fact("language", country, country, language, [f"the {language} language"],
                        rng.sample(other_lang, 3), [f"spoken in {capital}", f"a language of {continent}"],
                        lambda a, c=country: f"The main language of {c} is {a}.",
                        [f"{cap(country)} is in {continent}.", f"Its capital is {capital}."]))
    names = [e[1] for e in ELEMENTS]
    symbols = [e[0] for e in ELEMENTS]
    for symbol, name, number, spellings in ELEMENTS:
        out.append(Fact("element_name", symbol, symbol, name, spellings,
                        rng.sample([n for n in names if n != name], 3), [f"atomic number {number}"],
                        lambda a, s=symbol: f"{s} is the chemical symbol for {a}.",
                        [f"Its atomic number is {number}.", "It is one of the chemical elements."]))
        out.append(Fact("element_symbol", name, name, symbol, [],
                        rng.sample([s for s in symbols if s != symbol and s[0] == symbol[0]] or
                                   [s for s in symbols if s != symbol], 1)
                        + rng.sample([s for s in symbols if s != symbol], 2),
                        [f"atomic number {number}"],
                        lambda a, n=name: f"The chemical symbol for {n} is {a}.",
                        [f"The atomic number of {name} is {number}."]))
    authors = sorted({b[1] for b in BOOKS})
    for book, author, short, born in BOOKS:
        more = [b[0] for b in BOOKS if b[1] == author and b[0] != book]
        out.append(Fact("author", book, book, author, [short],
                        rng.sample([a for a in authors if a != author], 3),
                        [f"born in {born}"] + ([f"who also wrote {more[0]}"] if more else []),
                        lambda a, b=book: f"{b} was written by {a}.",
                        [f"{short} was born in {born}."] + ([f"{short} also wrote {more[0]}."] if more else [])))
    return out


# -- question templates: (name, text) per relation; "shift" ones never occur in training ------
TEMPLATES = {
    "capital": {"train": ["What is the capital of {s}?", "Which city is the capital of {s}?",
                          "Name the capital city of {s}."],
                "shift": ["{S}'s seat of government is in which city?", "Tell me the capital of {s}, please."]},
    "country_of_capital": {"train": ["{S} is the capital of which country?", "Which country has {s} as its capital?"],
                           "shift": ["In what country would you find the capital city {s}?"]},
    "currency": {"train": ["What is the currency of {s}?", "Which currency is used in {s}?"],
                 "shift": ["If you travel to {s}, what money do you pay with?"]},
    "language": {"train": ["What is the main language of {s}?", "Which language do most people in {s} speak?"],
                 "shift": ["People in {s} mostly speak what language?"]},
    "element_name": {"train": ["Which element has the chemical symbol {s}?", "What element does the symbol {s} stand for?"],
                     "shift": ["On the periodic table, {s} denotes which element?"]},
    "element_symbol": {"train": ["What is the chemical symbol for {s}?", "Give the symbol of the element {s}."],
                       "shift": ["How is {s} written as a chemical symbol?"]},
    "author": {"train": ["Who wrote {s}?", "Who is the author of {s}?"],
               "shift": ["{S} came from whose pen?", "Name the writer of the novel {s}."]},
}
YES_NO_TEMPLATES = {
    "train": ["Is it true that {statement_q}", "True or false: {statement}"],
    "shift": ["Would you say that {statement_lc}", "Quick check - {statement_lc} Right?"],
}
LIST_TEMPLATES = {
    "capital": {"train": "Name the capitals of {a}, {b} and {c}.", "shift": "What are the capital cities of {a}, {b} and {c}?"},
    "element_symbol": {"train": "Give the chemical symbols of {a}, {b} and {c}.",
                       "shift": "List the element symbols for {a}, {b} and {c}."},
    "author": {"train": "Who wrote {a}, {b} and {c}?", "shift": "Name the authors of {a}, {b} and {c}, in that order."},
    "language": {"train": "What are the main languages of {a}, {b} and {c}?",
                 "shift": "Which languages are mostly spoken in {a}, {b} and {c}?"},
}

# -- answer wrappers: families; a whole family is either training or shift ---------------------
WRAPPERS = {
    "train": {
        "bare": ["{a}", "{a}."],
        "it_is": ["It is {a}.", "It's {a}."],
        "i_believe": ["{a}, I believe.", "I think it's {a}."],
        "answer_is": ["The answer is {a}.", "Answer: {a}"],
    },
    "shift": {
        "fairly_sure": ["I'm fairly sure it's {a}.", "I am pretty sure that {a}."],
        "would_be": ["That would be {a}!", "My answer: {a}"],
        "not_mistaken": ["{a}, if I'm not mistaken.", "Probably {a}."],
    },
}
YES_WORDS = {"train": {"yes": ["Yes.", "Yes, it is.", "Correct.", "That's right."],
                       "no": ["No.", "No, it is not.", "It isn't.", "That's wrong."]},
             "shift": {"yes": ["True.", "Absolutely, yes.", "Indeed it is."],
                       "no": ["Nope.", "That is false.", "Not at all."]}}
NO_ANSWERS = {"train": ["I don't know.", "None of these.", "I can't answer that.", "Sorry, I have no idea.",
                        "I don't know the answer to that question."],
              "shift": ["I'm not able to say.", "No clue, sorry!", "That cannot be determined from the question.",
                        "I'd rather not guess.", "N/A"]}
LIST_JOINS = {"train": ["{x}, {y} and {z}", "{x}, {y}, {z}"], "shift": ["{x}; {y}; {z}", "They are {x}, {y}, and {z}."]}
LONG_OPENERS = {"train": ["{stmt}", "{stmt}"], "shift": ["Good question. {stmt}", "As far as I know, {stmt_lc}"]}


class Gen:
    """Collects items with stable ids."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)  # what is said: facts, kinds of answer, wrong answers
        self.prng = random.Random(seed + 1)  # how it is said: templates, wrappers (so both test splits say the same)
        self.items: list[dict] = []
        self.counts: Counter = Counter()

    def add(self, split, category, sub, template, wrapper, input, output, expected, gold, why):
        key = f"{split}-{category}-{sub}"
        n = self.counts[key]
        self.counts[key] += 1
        self.items.append({"id": f"ta-{key}-{n:03d}", "category": category, "subcategory": sub, "split": split,
                           "template": template, "wrapper": wrapper, "input": input, "output": output,
                           "expected": expected, "gold": gold, "why": why})


def wrap(rng: random.Random, phrasing: str, answer: str) -> tuple[str, str]:
    family = rng.choice(sorted(WRAPPERS[phrasing]))
    text = rng.choice(WRAPPERS[phrasing][family]).format(a=answer)
    return cap(text), family


def question(rng: random.Random, fact: Fact, phrasing: str) -> tuple[str, str]:
    options = TEMPLATES[fact.relation][phrasing]
    k = rng.randrange(len(options))
    return options[k].format(s=fact.subject, S=cap(fact.subject)), f"{fact.relation}:{phrasing}:{k}"


def entity_items(g: Gen, fact: Fact, split: str, phrasing: str, plan: list[str]) -> None:
    """Short entity answers of the kinds in ``plan`` for one fact."""
    rng = g.rng
    for kind in plan:
        q, template = question(g.prng, fact, phrasing)
        expected = fact.answer if rng.random() > 0.15 else fact.statement(fact.answer)
        if kind == "right":
            form = rng.choice(["plain"] * 3 + (["alias"] * 2 if fact.aliases else []) + ["sentence"])
            answer = {"plain": fact.answer, "alias": rng.choice(fact.aliases or [fact.answer]),
                      "sentence": fact.statement(fact.answer).rstrip(".")}[form]
            out, family = (answer + ".", "sentence") if form == "sentence" else wrap(g.prng, phrasing, answer)
            g.add(split, "entity", f"right_{form}", template, family, q, out, expected, 4,
                  "the right answer in other words")
        elif kind == "wrong":
            wrong = rng.choice(fact.wrongs)
            in_sentence = rng.random() >= 0.8
            out, family = (fact.statement(wrong), "sentence") if in_sentence else wrap(g.prng, phrasing, wrong)
            g.add(split, "entity", "wrong_same_type", template, family, q, out, expected, 0,
                  "a plausible wrong answer of the same type")
        elif kind == "extra":
            out, family = wrap(g.prng, phrasing, f"{fact.answer}, {rng.choice(fact.details)}")
            g.add(split, "entity", "right_extra", template, family, q, out, expected, 3,
                  "the right answer with a correct extra detail")
        elif kind == "negated":
            wrong = rng.choice(fact.wrongs)
            out = rng.choice([f"Not {fact.answer}.", f"It is not {fact.answer}.", f"Not {fact.answer}, but {wrong}."])
            g.add(split, "entity", "negated", template, "negation", q, cap(out), expected, 0,
                  "the right answer negated, so wrong")


def yes_no_item(g: Gen, fact: Fact, split: str, phrasing: str) -> None:
    rng = g.rng
    truth = rng.random() < 0.5
    claimed = fact.answer if truth else rng.choice(fact.wrongs)
    statement = fact.statement(claimed)
    k = g.prng.randrange(len(YES_NO_TEMPLATES[phrasing]))
    q = YES_NO_TEMPLATES[phrasing][k].format(statement=statement, statement_q=lc(statement)[:-1] + "?",
                                             statement_lc=lc(statement))
    right = "yes" if truth else "no"
    expected = rng.choice([cap(right), f"{cap(right)}, {lc(fact.statement(fact.answer))}"])
    agree = rng.random() < 0.5
    said = right if agree else ("no" if truth else "yes")
    out = g.prng.choice(YES_WORDS[phrasing][said])
    g.add(split, "yes_no", "same" if agree else "opposite", f"yes_no:{phrasing}:{k}", "yes_no", q, out, expected,
          4 if agree else 0, "the same yes/no" if agree else "the opposite yes/no, so wrong")


def list_items(g: Gen, triple: list[Fact], split: str, phrasing: str) -> None:
    rng = g.rng
    rel = triple[0].relation
    names = {"a": triple[0].subject, "b": triple[1].subject, "c": triple[2].subject}
    q = cap(LIST_TEMPLATES[rel][phrasing].format(**names))
    rights = [f.answer for f in triple]
    wrongs = [rng.choice([w for w in f.wrongs if w not in rights] or f.wrongs) for f in triple]
    expected = ", ".join(rights) if rng.random() < 0.6 else f"{', '.join(rights[:2])} and {rights[2]}"
    kinds = [("all", 4, "all three right, in any order"), ("one_wrong", 2, "one of three wrong"),
             ("one_missing", 2, "one of three missing"), ("one_right", 1, "only one of three right"),
             ("two_missing", 1, "two of three missing"), ("none", 0, "all three wrong")]
    for sub, gold, why in rng.sample(kinds, 2):
        idx = list(range(3))
        if sub == "all":
            parts = [rights[i] for i in rng.sample(idx, 3)]
        elif sub == "one_wrong":
            bad = rng.randrange(3)
            parts = [wrongs[i] if i == bad else rights[i] for i in idx]
        elif sub == "one_missing":
            parts = [rights[i] for i in sorted(rng.sample(idx, 2))]
        elif sub == "one_right":
            good = rng.randrange(3)
            parts = [rights[i] if i == good else wrongs[i] for i in idx]
        elif sub == "two_missing":
            parts = [rights[rng.randrange(3)]]
        else:
            parts = wrongs
        if len(parts) == 3:
            out = g.prng.choice(LIST_JOINS[phrasing]).format(x=parts[0], y=parts[1], z=parts[2])
        elif len(parts) == 2:
            out = f"{parts[0]} and {parts[1]}" if phrasing == "train" else f"Only {parts[0]}; {parts[1]}."
        else:
            out = parts[0] if phrasing == "train" else f"Just {parts[0]}."
        g.add(split, "list", sub, f"list:{rel}:{phrasing}", "list", q, cap(out), expected, gold, why)


def long_form_item(g: Gen, fact: Fact, split: str, phrasing: str) -> None:
    rng = g.rng
    q, template = question(g.prng, fact, phrasing)
    right = rng.random() < 0.5
    said = fact.answer if right else rng.choice(fact.wrongs)
    stmt = fact.statement(said)
    opener = g.prng.choice(LONG_OPENERS[phrasing]).format(stmt=stmt, stmt_lc=lc(stmt))
    context = rng.sample(fact.context, min(len(fact.context), rng.choice([1, 2])))
    out = " ".join([opener] + context)
    g.add(split, "long_form", "right" if right else "wrong", template, f"long:{phrasing}", q, out, fact.answer,
          3 if right else 0,
          "the right answer with correct context (extra detail)" if right else "a long answer built on a wrong answer")


def no_answer_item(g: Gen, fact: Fact, split: str, phrasing: str) -> None:
    rng = g.rng
    q, template = question(g.prng, fact, phrasing)
    out = g.prng.choice(NO_ANSWERS[phrasing])
    g.add(split, "no_answer", "no_answer", template, f"no_answer:{phrasing}", q, out, fact.answer, 0,
          "no answer given, so wrong")


def generate(seed: int = SEED) -> list[dict]:
    g = Gen(seed)
    rng = g.rng
    all_facts = facts(rng)
    test_keys = {}
    for rel in TEMPLATES:  # facts split per relation, by their key (a country is in one split per relation)
        keys = sorted({f.key for f in all_facts if f.relation == rel})
        rng.shuffle(keys)
        n_test = round(len(keys) * TEST_FRACTION)
        test_keys[rel] = set(keys[:n_test])
    for fact in all_facts:
        is_test = fact.key in test_keys[fact.relation]
        plan = rng.sample(["right", "right", "wrong", "wrong", "extra", "negated"], 2)
        extras = [kind for kind, p in (("yes_no", 0.35), ("long_form", 0.4), ("no_answer", 0.3)) if rng.random() < p]
        state = rng.getstate()
        for split, phrasing in ([("in_template", "train"), ("phrasing_shift", "shift")] if is_test
                                else [("train", "train")]):
            rng.setstate(state)  # the same kinds of answer for the same fact in both test splits
            entity_items(g, fact, split, phrasing, plan)
            for kind in extras:
                {"yes_no": yes_no_item, "long_form": long_form_item, "no_answer": no_answer_item}[kind](
                    g, fact, split, phrasing)
    for rel in LIST_TEMPLATES:
        for is_test in (False, True):
            pool = [f for f in all_facts if f.relation == rel and (f.key in test_keys[rel]) == is_test]
            rng.shuffle(pool)
            triples = [pool[i: i + 3] for i in range(0, len(pool) - 2, 3)]
            triples = [t for t in triples if len({f.answer for f in t}) == 3]
            for triple in triples:
                state = rng.getstate()
                for split, phrasing in ([("in_template", "train"), ("phrasing_shift", "shift")] if is_test
                                        else [("train", "train")]):
                    rng.setstate(state)
                    list_items(g, triple, split, phrasing)
    return g.items


def outputs(seed: int = SEED) -> dict[Path, str]:
    """The training file (without items that match a benchmark test item: "What is the
    capital of Australia?" is one of its controls) and the held-out test file."""
    from jev_model.fitting.dedupe import dedupe, load_test_items

    items = generate(seed)
    train, _ = dedupe([it for it in items if it["split"] == "train"],
                      load_test_items([TEST_ITEMS_DIR / "answer_correctness.jsonl"]))
    return {TRAIN_OUT: dumps(train), TEST_OUT: dumps([it for it in items if it["split"] != "train"])}


def summary(items: list[dict]) -> list[str]:
    """The counts printed under each written file."""
    return [f"  by split and category: {dict(sorted(Counter((it['split'], it['category']) for it in items).items()))}",
            f"  by gold: {dict(sorted(Counter(it['gold'] for it in items).items()))}"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--check", action="store_true", help="exit 1 if a committed file differs from a fresh generation")
    args = ap.parse_args(argv)
    return write_or_check(outputs(args.seed), args.check, summary=summary)


if __name__ == "__main__":
    sys.exit(main())
