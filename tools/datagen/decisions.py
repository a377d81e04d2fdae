"""Yes/no questions about a state whose answer the text decides: training data for the
trained ``noul`` readout (issue #23).  Written by this code (no BIG-bench: evaluation only).

    python -m tools.datagen.decisions --per-family 300 --out data/decisions.jsonl

Each line: ``{"family", "template", "phrasing", "state", "question": {"type": "noul", ...}, "gold":
"yes"|"no"}``; ``template`` is the family, so ``jev train --evaluator noul`` validates on whole
families it did not fit.
Families are whole task kinds (a readout is validated on families it was not fitted on):
implicative verbs, thresholds, mentions, sentiment, locations, order of events, negated
facts, comparisons of amounts, membership in a list, agreement of an answer with a reference.
Each family has several question phrasings and state shapes (``template``), yes and no
balanced.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

NAMES = ["Anna", "Ben", "Chloe", "David", "Elena", "Farid", "Grace", "Hiro", "Ines", "Jonas", "Kemi", "Liam",
         "Maya", "Noah", "Olga", "Pedro", "Quinn", "Rosa", "Sami", "Tara", "Uma", "Victor", "Wen", "Yusuf"]
ACTIONS = [("lock the door", "lock the door", "locked the door"), ("call the bank", "call the bank", "called the bank"),
           ("finish the report", "finish the report", "finished the report"),
           ("pay the invoice", "pay the invoice", "paid the invoice"), ("feed the cat", "feed the cat", "fed the cat"),
           ("send the parcel", "send the parcel", "sent the parcel"), ("book a table", "book a table", "booked a table"),
           ("water the plants", "water the plants", "watered the plants"),
           ("sign the contract", "sign the contract", "signed the contract"),
           ("return the keys", "return the keys", "returned the keys")]
IMPLIES_YES = ["managed to", "remembered to", "made sure to", "took care to", "got around to", "succeeded in trying to"]
IMPLIES_NO = ["failed to", "forgot to", "refused to", "declined to", "neglected to", "never got around to"]
THINGS = ["apples", "a kettle", "bananas", "a lamp", "rice", "batteries", "a scarf", "onions", "a stapler", "milk",
          "a helmet", "paper towels", "a charger", "olive oil", "a notebook", "soap", "tomatoes", "a blanket"]
PLACES = ["the kitchen", "the garden", "the garage", "the office", "the attic", "the library", "the station",
          "the bakery", "the hallway", "the cellar"]
GOOD = ["great", "excellent", "friendly", "quick", "helpful", "delicious", "comfortable", "reliable", "lovely"]
BAD = ["awful", "rude", "slow", "broken", "cold", "dirty", "useless", "noisy", "disappointing"]
SUBJECTS = ["the service", "the food", "the room", "the delivery", "the support team", "the app", "the staff"]
EVENTS = ["the meeting", "lunch", "the flight", "the interview", "the concert", "the exam", "the party", "the call"]
FACTS = [("the museum", "open on Mondays"), ("the bridge", "closed to trucks"), ("the printer", "working"),
         ("the shop", "selling tickets"), ("the pool", "heated"), ("the road", "icy"), ("the train", "on time"),
         ("the lift", "out of service"), ("the cafe", "serving breakfast"), ("the park", "open at night")]
QA = [("What is the capital of France?", "Paris", ["Lyon", "Marseille"]),
      ("How many legs does a spider have?", "eight", ["six", "ten"]),
      ("Which planet is known as the red planet?", "Mars", ["Venus", "Jupiter"]),
      ("Who wrote Hamlet?", "William Shakespeare", ["Charles Dickens", "Mark Twain"]),
      ("What is the boiling point of water at sea level in Celsius?", "100 degrees", ["90 degrees", "120 degrees"]),
      ("What gas do plants absorb from the air?", "carbon dioxide", ["oxygen", "nitrogen"]),
      ("What is 12 times 12?", "144", ["124", "154"]), ("In which year did World War II end?", "1945", ["1939", "1950"]),
      ("What is the largest ocean?", "the Pacific Ocean", ["the Atlantic Ocean", "the Indian Ocean"]),
      ("What is the chemical symbol for gold?", "Au", ["Ag", "Gd"])]


def _implicative(rng):
    who, (base, _, _) = rng.choice(NAMES), rng.choice(ACTIONS)
    yes = rng.random() < 0.5
    verb = rng.choice(IMPLIES_YES if yes else IMPLIES_NO)
    t = rng.randrange(3)
    state = [f"{who} {verb} {base} yesterday.", f"Yesterday {who} {verb} {base}.",
             f"Note from the team: {who} {verb} {base} before leaving."][t]
    q = rng.choice([f"Did {who} {base}?", f"Is it true that {who} did {base.split(' ', 1)[0]} {base.split(' ', 1)[1]}?",
                    f"Can we say {who} went ahead and did it: {base}?"])
    return t, state, q, yes


def _threshold(rng):
    amount, limit = rng.randrange(5, 500), rng.randrange(10, 490)
    while amount == limit:
        limit = rng.randrange(10, 490)
    unit = rng.choice([("$", "", "total"), ("", " kg", "weight"), ("", " km", "distance"), ("", " minutes", "wait")])
    t = rng.randrange(3)
    state = [f"Order summary: the {unit[2]} is {unit[0]}{amount}{unit[1]}.",
             f"The {unit[2]} came to {unit[0]}{amount}{unit[1]} according to the log.",
             f"Recorded {unit[2]}: {unit[0]}{amount}{unit[1]}. Nothing else was noted."][t]
    above = rng.random() < 0.5
    q = (f"Is the {unit[2]} above {unit[0]}{limit}{unit[1]}?" if above
         else f"Is the {unit[2]} below {unit[0]}{limit}{unit[1]}?")
    return t, state, q, (amount > limit) if above else (amount < limit)


def _mention(rng):
    items = rng.sample(THINGS, 4)
    asked = rng.choice(items[:3] + [items[3]])
    listed = items[:3]
    t = rng.randrange(3)
    state = [f"Shopping list: {', '.join(listed)}.", f"We bought {listed[0]}, {listed[1]} and {listed[2]} today.",
             f"In the box there were {listed[0]}, {listed[1]}, and {listed[2]}."][t]
    q = rng.choice([f"Does the text mention {asked}?", f"Is {asked} on the list?", f"Were {asked} among the items?"])
    return t, state, q, asked in listed


def _sentiment(rng):
    good = rng.random() < 0.5
    subj = rng.choice(SUBJECTS)
    adj = rng.choice(GOOD if good else BAD)
    t = rng.randrange(3)
    state = [f"Review: {subj.capitalize()} was {adj}.", f"Honestly, {subj} was {adj} this time.",
             f"Customer wrote: '{subj.capitalize()} was {adj}, I will tell my friends.'"][t]
    if rng.random() < 0.5:
        q, yes = rng.choice(["Is the reviewer satisfied?", "Is this a positive review?", "Was the customer pleased?"]), good
    else:
        q, yes = rng.choice(["Is the reviewer unhappy?", "Is this a complaint?", "Was the customer let down?"]), not good
    return t, state, q, yes


def _location(rng):
    a, b = rng.sample(NAMES, 2)
    pa, pb = rng.sample(PLACES, 2)
    t = rng.randrange(2)
    state = [f"{a} is in {pa}. {b} is in {pb}.", f"Right now {b} waits in {pb}, while {a} works in {pa}."][t]
    who = rng.choice([a, b])
    place = rng.choice([pa, pb])
    q = rng.choice([f"Is {who} in {place}?", f"Would we find {who} in {place}?"])
    return t, state, q, (who, place) in ((a, pa), (b, pb))


def _order(rng):
    e1, e2 = rng.sample(EVENTS, 2)
    t = rng.randrange(3)
    state = [f"{e1.capitalize()} happened before {e2}.", f"After {e1} was over, {e2} started.",
             f"First came {e1}, and only then {e2}."][t]
    if rng.random() < 0.5:
        q, yes = f"Did {e1} come first?", True
        if rng.random() < 0.5:
            q, yes = f"Did {e2} come first?", False
    else:
        q, yes = f"Did {e2} happen after {e1}?", True
        if rng.random() < 0.5:
            q, yes = f"Did {e1} happen after {e2}?", False
    return t, state, q, yes


def _negation(rng):
    thing, prop = rng.choice(FACTS)
    holds = rng.random() < 0.5
    t = rng.randrange(3)
    state = [f"Notice: {thing} is {'' if holds else 'not '}{prop}.",
             f"According to the sign, {thing} is {'indeed ' if holds else 'no longer '}{prop}.",
             f"It is {'true' if holds else 'false'} that {thing} is {prop}."][t]
    q = rng.choice([f"Is {thing} {prop}?", f"Can we rely on {thing} being {prop}?"])
    return t, state, q, holds


def _compare(rng):
    a, b = rng.sample(NAMES, 2)
    x, y = rng.sample(range(1, 30), 2)
    thing = rng.choice(["books", "coins", "stamps", "tickets", "shells"])
    t = rng.randrange(2)
    state = [f"{a} has {x} {thing} and {b} has {y}.", f"{b} collected {y} {thing}; {a} collected {x}."][t]
    more = rng.random() < 0.5
    q = f"Does {a} have {'more' if more else 'fewer'} {thing} than {b}?"
    return t, state, q, (x > y) if more else (x < y)


def _member(rng):
    team = rng.sample(NAMES, 4)
    other = rng.choice([n for n in NAMES if n not in team])
    who = rng.choice(team + [other, other])
    t = rng.randrange(2)
    state = [f"The project team is {', '.join(team[:3])} and {team[3]}.",
             f"Invited to the workshop: {team[0]}, {team[1]}, {team[2]}, {team[3]}. Nobody else."][t]
    q = rng.choice([f"Is {who} part of the group?", f"Was {who} included?"])
    return t, state, q, who in team


def _agreement(rng):
    question, right, wrongs = rng.choice(QA)
    yes = rng.random() < 0.5
    given = right if yes else rng.choice(wrongs)
    t = rng.randrange(2)
    state = [f"Question: {question}\nReference answer: {right}\nGiven answer: {given}",
             f"A student was asked: {question} The answer key says {right}. The student wrote: {given}."][t]
    q = rng.choice(["Does the given answer agree with the reference?", "Is the student's answer correct?"])
    return t, state, q, yes


FAMILIES = {"implicative": _implicative, "threshold": _threshold, "mention": _mention, "sentiment": _sentiment,
            "location": _location, "order": _order, "negation": _negation, "compare": _compare,
            "member": _member, "agreement": _agreement}


def generate(per_family: int, seed: int = 0) -> list[dict]:
    """``per_family`` items of each family, yes and no balanced, distinct states and questions."""
    rng = random.Random(seed)
    out = []
    for family, make in FAMILIES.items():
        seen, want = set(), {True: per_family // 2, False: per_family - per_family // 2}
        tries = 0
        while (want[True] or want[False]) and tries < per_family * 200:
            tries += 1
            template, state, q, yes = make(rng)
            if not want[yes] or (state, q) in seen:
                continue
            seen.add((state, q))
            want[yes] -= 1
            # "template" is what jev train splits on: whole families go to validation
            out.append({"family": family, "template": family, "phrasing": f"{family}:{template}", "state": state,
                        "question": {"type": "noul", "instructions": q}, "gold": "yes" if yes else "no"})
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.datagen.decisions", description=__doc__.split("\n\n")[0])
    ap.add_argument("--per-family", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="data/decisions.jsonl")
    args = ap.parse_args(argv)
    items = generate(args.per_family, args.seed)
    Path(args.out).write_text("".join(json.dumps(it) + "\n" for it in items))
    print(f"{len(items)} items in {len(FAMILIES)} families -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
