"""Hand-written answer_correctness items on explanations, definitions and reasons (#22): a
correct answer in OTHER WORDS than the reference must read correct, and a wrong answer that
REUSES the reference's words must read wrong.

    python -m tools.datagen.paraphrase            # writes data/paraphrase.jsonl (train)
                                                  #    and benchmarks/items/paraphrase.jsonl (held_out)
    python -m tools.datagen.paraphrase --check    # exits 1 if a committed file differs

Each item is ``{id, category, kind, side, family, split, topic, input, output, expected, gold,
why}`` for the answer_correctness rubric (jev_model/rubrics/answer_correctness.toml);
``category`` is ``<kind>:<side>``.  No randomness: the tables below are the set, written by hand
(no item is taken from BIG-bench or any other data set).

Right answers (``side`` "right", ``kind`` "paraphrase"), by ``family``:

* ``restate``         - the same meaning in other words and another sentence shape (gold 4);
* ``casual``          - the same meaning, said the way a person types in a hurry (gold 4);
* ``technical``       - the same meaning in a field's own vocabulary (gold 4);
* ``active_passive``  - the same claim with the voice swapped (gold 4);
* ``reordered_cause`` - "Y because X" written as "X, so Y" or the other way round (gold 4);
* ``other_side``      - a definition written from the other side ("why a force is needed to
                        start or stop anything" for "resists changes in motion") (gold 4);
* ``terse``           - every essential point, said in a few words (gold 4);
* ``extra_detail``    - correct in other words, with a correct extra clause (gold 3);
* ``minor_omission``  - correct in other words, leaving out a minor point (gold 3).

An illustrative example ("an opposite, like up and down") is not counted as extra detail; a
further claim ("2 is the only even one", "Norway's coast is full of them") is.

Wrong answers (``side`` "wrong"; ``family`` is the same as ``kind``):

* ``reversed``         - the reference's words with a relation reversed or an antonym
                         (faster -> slower, absorbs -> reflects, before -> after) (gold 0);
* ``swapped_entity``   - the reference's sentence with a key entity, cause or number swapped
                         for a plausible wrong one (gold 0);
* ``negated``          - the reference's claim denied (gold 0);
* ``partial``          - one of two required points, or only a minor part (gold 2 or 1);
* ``topic_only``       - about the topic, in the reference's key words, but no answer (gold 0,
                         1 where it states a loosely relevant true fact);
* ``wrong_paraphrase`` - a fluent rewording that is wrong in a subtle but clear way (gold 0).

Splits (``split``), so that held-out figures measure what they claim:

* whole TOPICS are split: ``train`` (data/paraphrase.jsonl) holds the facts of the train
  topics, ``held_out`` (benchmarks/items/paraphrase.jsonl, never trained on) the facts of the
  held-out topics: light_sound, astronomy, medicine, economics, kitchen, plants, history and
  language (8 of 20 topics; the 12 train topics are mechanics, heat, electricity, chemistry,
  cells, human_body, ecology, weather, earth, geography, computing and mathematics);
* whole FAMILIES are held out as well: "casual" (right) and "wrong_paraphrase" (wrong) occur
  only in ``held_out``, so the held-out set measures both a shift of topic (every item) and a
  shift of phrasing style (the items of those families).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

from tools.datagen.common import DATA_DIR, TEST_ITEMS_DIR, dumps, write_or_check

TRAIN_OUT = DATA_DIR / "paraphrase.jsonl"
TEST_OUT = TEST_ITEMS_DIR / "paraphrase.jsonl"

TRAIN_TOPICS = ("mechanics", "heat", "electricity", "chemistry", "cells", "human_body", "ecology", "weather",
                "earth", "geography", "computing", "mathematics")
HELD_OUT_TOPICS = ("light_sound", "astronomy", "medicine", "economics", "kitchen", "plants", "history",
                   "language")
HELD_OUT_FAMILIES = ("casual", "wrong_paraphrase")  # right and wrong phrasing styles never trained on

RIGHT_FAMILIES = {  # family: (gold, why)
    "restate": (4, "the same meaning in other words"),
    "casual": (4, "the same meaning, said casually in other words"),
    "technical": (4, "the same meaning in more technical words"),
    "active_passive": (4, "the same claim with the voice swapped"),
    "reordered_cause": (4, "the same cause and effect, in the other order"),
    "other_side": (4, "the same definition, written from the other side"),
    "terse": (4, "every essential point, said briefly"),
    "extra_detail": (3, "correct in other words, with a correct extra detail"),
    "minor_omission": (3, "correct in other words, leaving out a minor point"),
}
WRONG_KINDS = {  # kind: why (gold given per item where it is not 0)
    "reversed": "the reference's words with a relation reversed",
    "swapped_entity": "the reference's words with a key entity, cause or number swapped",
    "negated": "the reference's claim denied",
    "partial": "only part of the answer",
    "topic_only": "about the topic in the reference's words, but no answer",
    "wrong_paraphrase": "a fluent rewording that is wrong in a subtle but clear way",
}
PARTIAL_WHY = {2: "only one of the required points: an important part is missing",
               1: "only a minor part of the answer"}


def r(family: str, text: str, gold: int | None = None, why: str | None = None) -> tuple:
    """A right answer in other words (gold by its family unless given)."""
    default_gold, default_why = RIGHT_FAMILIES[family]
    return ("right", "paraphrase", family, text, default_gold if gold is None else gold, why or default_why)


def w(kind: str, text: str, gold: int = 0, why: str | None = None) -> tuple:
    """A wrong answer of ``kind`` (its family is its kind)."""
    if why is None:
        why = PARTIAL_WHY[gold] if kind == "partial" else WRONG_KINDS[kind]
        if kind == "topic_only" and gold == 1:
            why += " (a loosely relevant true fact)"
    return ("wrong", kind, kind, text, gold, why)


def fact(topic: str, question: str, expected: str, *answers: tuple) -> tuple:
    return (topic, question, expected, answers)


# -- the facts, by topic: (topic, question, reference, answers) -----------------------------------
FACTS = [
    # -- mechanics (train) ---------------------------------------------------------------------
    fact("mechanics", "Why do astronauts on the International Space Station float?",
         "Because they and the station are in continuous free fall around the Earth.",
         r("restate", "The crew and their spacecraft are dropping toward the planet together the whole time, "
                      "so nothing presses them against the floor."),
         r("extra_detail", "Everything aboard is orbiting, which means falling toward Earth while moving sideways "
                           "fast enough to keep missing it. Gravity at that height is still roughly 90% as strong "
                           "as on the ground."),
         w("swapped_entity", "Because they and the station are in continuous free fall around the Moon."),
         w("negated", "Because they and the station are not falling at all; at that height the Earth's gravity "
                      "no longer reaches them."),
         w("topic_only", "Astronauts on the International Space Station float around the cabin and have to strap "
                         "themselves in to sleep.")),
    fact("mechanics", "Why does a hammer land before a feather on Earth, but not on the Moon?",
         "On Earth air resistance slows the feather; the Moon has no air, so both fall at the same rate.",
         r("reordered_cause", "With no atmosphere up there, nothing holds the feather back and it lands together "
                              "with the hammer; down here, drag from the air is what makes it lag behind."),
         r("technical", "Aerodynamic drag dominates the feather's motion in Earth's atmosphere, whereas in the "
                        "lunar vacuum both objects undergo the same gravitational acceleration."),
         w("swapped_entity", "On Earth gravity pulls harder on the heavy hammer; the Moon has weaker gravity, so "
                             "both fall at the same rate."),
         w("partial", "On Earth, air resistance slows the feather down.", 2,
           "explains Earth but not why the Moon is different"),
         w("topic_only", "The hammer and feather drop was filmed on the Moon during Apollo 15 and is still shown "
                         "in physics classes.")),
    fact("mechanics", "What is inertia?",
         "The tendency of an object to resist changes in its state of motion.",
         r("restate", "It is a body's habit of carrying on as it is: staying put if it is at rest, or keeping the "
                      "same speed and direction if it is moving."),
         r("other_side", "Inertia is the reason a force is needed to start, stop or turn anything; left alone, a "
                         "body keeps its velocity unchanged."),
         r("extra_detail", "The property of matter that makes a body keep its velocity unless a net force acts on "
                           "it. The more mass something has, the more inertia it has."),
         w("reversed", "The tendency of an object to seek changes in its state of motion."),
         w("swapped_entity", "The tendency of an object to resist changes in its temperature."),
         w("topic_only", "Inertia is a term that comes up with Newton's first law whenever an object's state of "
                         "motion is discussed.")),
    fact("mechanics", "Why do passengers lurch forward when a bus brakes suddenly?",
         "Because their bodies keep moving forward at the bus's old speed while the bus slows down.",
         r("reordered_cause", "The vehicle decelerates but nothing stops the riders straight away, so they carry "
                              "on at the pace they had and tip toward the front."),
         r("technical", "Inertia: the braking force acts on the vehicle, and the passengers retain their prior "
                        "velocity while it decelerates beneath them."),
         w("reversed", "Because their bodies slow down faster than the bus does."),
         w("swapped_entity", "Because the brakes push their bodies forward with the same force that slows the "
                             "bus down."),
         w("negated", "Their bodies don't keep moving at the old speed; the seat suddenly throws them forward.")),
    fact("mechanics", "What does Newton's third law state?",
         "For every action there is an equal and opposite reaction.",
         r("restate", "When one body pushes on another, the second pushes back on the first just as hard, in "
                      "the opposite direction."),
         r("technical", "Forces come in pairs: if A exerts a force on B, B exerts a force of the same magnitude "
                        "and opposite direction on A."),
         r("extra_detail", "Whenever two objects interact they push or pull on each other with forces of equal "
                           "size pointing opposite ways, which is how a rocket's exhaust drives it forward."),
         r("terse", "Every force has an equal, oppositely directed partner force."),
         w("reversed", "For every action there is a smaller reaction in the same direction."),
         w("swapped_entity", "An object stays at rest or keeps moving in a straight line unless a force acts on "
                             "it.", 0, "states Newton's first law instead of the third"),
         w("topic_only", "Newton's third law is one of the three laws of motion he published in 1687.", 1)),
    fact("mechanics", "Why is it easier to loosen a tight bolt with a longer wrench?",
         "A longer wrench gives more torque for the same force, because the force acts farther from the pivot.",
         r("reordered_cause", "Pushing at a point farther from the bolt multiplies the turning effect of your "
                              "effort, so a long handle needs less muscle."),
         r("restate", "Turning effect is force times distance from the centre, and a bigger lever arm means the "
                      "same push twists harder."),
         w("reversed", "A longer wrench gives less torque for the same force, because the force acts closer to "
                       "the pivot."),
         w("swapped_entity", "A longer wrench is heavier, and its extra weight adds force to the bolt."),
         w("partial", "Because you grip the wrench farther from the bolt.", 1,
           "where the force is applied, without saying it increases the torque")),
    fact("mechanics", "What is friction?",
         "A force that resists the sliding of one surface over another.",
         r("restate", "The drag that appears between two things in contact and opposes them moving past each "
                      "other."),
         r("extra_detail", "A contact force that opposes relative motion between surfaces; it is why a pushed "
                           "box slows down and why brakes work."),
         w("reversed", "A force that helps one surface slide over another."),
         w("swapped_entity", "A force that resists the movement of air past an object.", 0,
           "describes air resistance, not friction between surfaces"),
         w("topic_only", "Friction comes up whenever one surface slides over another, for instance on a "
                         "playground slide.")),
    # -- heat (train) ----------------------------------------------------------------------------
    fact("heat", "Why does a metal spoon feel colder than a wooden spoon at the same temperature?",
         "Because metal conducts heat away from your hand much faster than wood does.",
         r("active_passive", "Heat from your fingers is drawn off far more quickly by the metal than by the "
                             "wood, and that fast loss is what you feel as cold."),
         r("technical", "Metal has a much higher thermal conductivity than wood, so it extracts heat from the "
                        "skin at a greater rate."),
         w("reversed", "Because metal conducts heat away from your hand much slower than wood does."),
         w("swapped_entity", "Because the metal spoon is actually a few degrees colder than the wooden one."),
         w("topic_only", "Metal and wood spoons feel different to the hand, and both can reach the temperature "
                         "of the room.")),
    fact("heat", "Why does sweating cool you down?",
         "Evaporating sweat takes heat away from the skin.",
         r("active_passive", "Heat is drawn out of the skin when the moisture on it turns to vapour."),
         r("technical", "Turning liquid water into vapour needs latent heat, and that energy is taken from the "
                        "body's surface."),
         r("extra_detail", "As perspiration dries it absorbs warmth from your body, which is why sweating helps "
                           "less on humid days, when it evaporates slowly."),
         w("reversed", "Condensing sweat adds heat to the skin."),
         w("swapped_entity", "Sweat is colder than the body, so it chills the skin when it is released."),
         w("negated", "It doesn't; evaporating sweat takes no heat from the skin, and the cooling is only a "
                      "feeling.")),
    fact("heat", "Why does ice float on water?",
         "Because ice is less dense than liquid water.",
         r("restate", "Frozen water takes up more room than the same mass of liquid water, so it is lighter for "
                      "its size and stays on top."),
         r("extra_detail", "When water freezes its molecules lock into an open crystal lattice, so a given volume "
                           "of ice weighs less than the same volume of liquid."),
         r("terse", "Ice is lighter than the same volume of water."),
         w("negated", "Ice is not less dense than liquid water; surface tension is what holds it up."),
         w("reversed", "Because ice is more dense than liquid water."),
         w("swapped_entity", "Because ice contains trapped bubbles of air that hold it up.")),
    fact("heat", "Why does a pressure cooker cook food faster?",
         "Higher pressure raises the boiling point of water, so the food cooks at a higher temperature.",
         r("reordered_cause", "Inside the sealed pot the water can get hotter than 100 °C before it boils, "
                              "because the steam is kept under pressure, and hotter water cooks faster."),
         r("technical", "Increasing the pressure elevates water's boiling temperature, so the contents reach a "
                        "higher temperature and cook faster."),
         w("reversed", "Higher pressure lowers the boiling point of water, so the food cooks at a lower "
                       "temperature."),
         w("swapped_entity", "Higher pressure squeezes the water into the food, so it cooks from the inside."),
         w("partial", "Because the lid is sealed and the pressure inside builds up.", 1,
           "the pressure without the higher boiling point")),
    fact("heat", "What is the difference between heat and temperature?",
         "Temperature measures the average kinetic energy of particles; heat is energy transferred because "
         "of a temperature difference.",
         r("restate", "Heat is energy that flows from something hotter to something colder, while temperature "
                      "tells you how fast, on average, the particles of a thing are moving."),
         r("other_side", "Energy passing between two bodies because one is hotter is called heat; how energetic "
                         "the particles are on average is what a thermometer reads as temperature."),
         w("reversed", "Heat measures the average kinetic energy of particles; temperature is energy transferred "
                       "because of a heat difference."),
         w("partial", "Temperature measures the average kinetic energy of particles.", 2,
           "explains temperature but not heat"),
         w("negated", "There is no real difference: heat and temperature are two names for the same thing.")),
    fact("heat", "Why does a bicycle pump get warm when you use it?",
         "Compressing the air does work on it, which raises its temperature.",
         r("reordered_cause", "The air's temperature goes up because squeezing it into a smaller space puts "
                              "energy into it."),
         r("extra_detail", "Pushing the handle squashes the air, and the energy you put in heats it up; a bit of "
                           "friction from the plunger adds to the warmth too."),
         w("reversed", "Letting the air expand does work on it, which raises its temperature."),
         w("swapped_entity", "Friction from the tyre's rubber heats the air as it goes in.")),
    fact("heat", "What is sublimation?",
         "The change of a solid directly into a gas without passing through the liquid state.",
         r("restate", "When something solid turns straight into vapour, skipping the melting stage."),
         r("extra_detail", "It is a phase change in which a solid becomes a gas without first melting; dry ice "
                           "does this at room pressure."),
         r("terse", "Solid to gas, skipping the liquid."),
         w("reversed", "The change of a gas directly into a solid without passing through the liquid state."),
         w("swapped_entity", "The change of a liquid directly into a gas without boiling.", 0,
           "describes evaporation"),
         w("topic_only", "Sublimation is one of the changes of state, along with melting and freezing.")),
    # -- electricity (train) ---------------------------------------------------------------------
    fact("electricity", "Why don't birds sitting on a power line get electrocuted?",
         "Because both of their feet are at the same voltage, so no current flows through the bird.",
         r("reordered_cause", "There is no potential difference between one foot and the other, and without "
                              "that, electricity has no reason to pass through its body."),
         r("extra_detail", "A bird on a single wire touches only that wire, so there is no voltage across its "
                           "body and no current goes through it. If it touched a second wire or a pole at the "
                           "same time, it would be in real danger."),
         w("swapped_entity", "Because their feathers insulate them from the wire, so no current flows through "
                             "the bird."),
         w("reversed", "Because their feet are at different voltages, so the current flows around the bird.")),
    fact("electricity", "What does a fuse do?",
         "It melts and breaks the circuit when too much current flows.",
         r("active_passive", "When the current gets too high, the circuit is cut by a thin wire inside it that "
                             "heats up and melts."),
         r("other_side", "It's a deliberate weak link: an overload burns it through, which stops the flow of "
                         "electricity before wires overheat."),
         r("terse", "Cuts the power by burning out if the current gets too high."),
         w("reversed", "It melts and closes the circuit when too little current flows."),
         w("swapped_entity", "It stores charge and releases it when the current drops.", 0,
           "describes a capacitor"),
         w("topic_only", "A fuse is a small part found in plugs and circuits, often in a glass tube.")),
    fact("electricity", "Why is copper used for electrical wires?",
         "Copper conducts electricity very well and is easy to draw into thin wires.",
         r("restate", "It lets current pass with very little resistance, and it is ductile enough to be "
                      "stretched into long strands."),
         r("technical", "It combines high electrical conductivity with high ductility."),
         w("reversed", "Copper resists electricity strongly and is easy to draw into thin wires."),
         w("partial", "Copper conducts electricity very well.", 2, "one of the two reasons"),
         w("swapped_entity", "Copper is magnetic, which draws the current along the wire.")),
    fact("electricity", "What is the difference between AC and DC?",
         "Direct current flows in one direction only, while alternating current reverses direction "
         "periodically.",
         r("restate", "DC always goes the same way round the circuit; AC keeps switching back and forth many "
                      "times a second."),
         r("other_side", "Alternating current changes its direction over and over, whereas direct current never "
                         "does."),
         w("reversed", "Alternating current flows in one direction only, while direct current reverses "
                       "direction periodically."),
         w("partial", "Alternating current reverses direction periodically.", 2, "says nothing about DC"),
         w("topic_only", "AC and DC are the two kinds of current, and both are used in homes and electronics.")),
    fact("electricity", "How does a transformer change voltage?",
         "An alternating current in the primary coil creates a changing magnetic field that induces a voltage "
         "in the secondary coil; the ratio of turns sets the output voltage.",
         r("restate", "The AC in the first winding makes a magnetic field that keeps varying, and that varying "
                      "field generates a voltage in the second winding. How many loops each winding has decides "
                      "how much the voltage goes up or down."),
         r("technical", "By electromagnetic induction: the primary's alternating flux links the secondary, and the "
                        "output voltage scales with the turns ratio."),
         w("reversed", "A direct current in the primary coil creates a steady magnetic field that induces a "
                       "voltage in the secondary coil; the ratio of turns sets the output voltage."),
         w("partial", "The ratio of turns between the coils sets the output voltage.", 2,
           "the turns ratio without the induction that makes it work"),
         w("swapped_entity", "The current flows directly from the primary coil into the secondary coil through "
                             "the iron core, and a resistor drops the voltage.")),
    fact("electricity", "Why does a balloon rubbed on your hair stick to a wall?",
         "Rubbing gives the balloon a static charge, and that charge attracts the wall by inducing an opposite "
         "charge on its surface.",
         r("reordered_cause", "The wall's surface gets slightly polarised by the charged balloon and pulls on "
                              "it; the balloon picked up that charge from the friction with your hair."),
         r("extra_detail", "Friction moves electrons from your hair onto the balloon, leaving it negatively "
                           "charged. Near the wall that charge pushes electrons back slightly, so the nearby "
                           "surface turns a little positive and holds the balloon."),
         w("reversed", "Rubbing gives the balloon a static charge, and that charge repels the wall by inducing "
                       "the same charge on its surface."),
         w("swapped_entity", "Rubbing makes the balloon slightly magnetic, and the magnetism attracts the iron in "
                             "the wall."),
         w("topic_only", "It is a classic static electricity demonstration with a balloon, your hair and a "
                         "wall.")),
    fact("electricity", "What is an electromagnet?",
         "A magnet whose field is produced by an electric current flowing through a coil.",
         r("restate", "A coil of wire that becomes magnetic when current runs through it, and stops being "
                      "magnetic when the current is switched off."),
         r("extra_detail", "A current-carrying coil, usually wound around an iron core to strengthen it, that "
                           "acts as a magnet only while it is powered."),
         w("reversed", "A coil whose electric current is produced by a permanent magnet spinning inside it.", 0,
           "describes a generator"),
         w("swapped_entity", "A magnet whose field is produced by heating a coil of iron."),
         w("negated", "A magnet whose field is not produced by any current; it stays magnetic on its own.")),
    # -- chemistry (train) -----------------------------------------------------------------------
    fact("chemistry", "Why does iron rust?",
         "Iron reacts with oxygen and water to form iron oxide.",
         r("active_passive", "Iron oxide is formed when the metal is attacked by oxygen in the presence of "
                             "moisture."),
         r("technical", "It corrodes: in the presence of water, iron is oxidised by atmospheric oxygen to "
                        "hydrated iron(III) oxide."),
         r("extra_detail", "The metal combines with oxygen whenever water is around, giving flaky reddish iron "
                           "oxide; salt water speeds this up."),
         w("swapped_entity", "Iron reacts with nitrogen and water to form iron nitride."),
         w("partial", "Iron reacts with water.", 1, "leaves out oxygen and the oxide"),
         w("negated", "Rust isn't a reaction with oxygen or water at all; it is dirt that builds up on iron.")),
    fact("chemistry", "What is a catalyst?",
         "A substance that speeds up a chemical reaction without being used up by it.",
         r("restate", "Something that makes a reaction go faster and is still there, unchanged, when the "
                      "reaction is over."),
         r("technical", "A species that increases the reaction rate by lowering the activation energy and is "
                        "regenerated at the end of the reaction."),
         r("terse", "A reaction accelerator that isn't consumed."),
         w("reversed", "A substance that slows down a chemical reaction without being used up by it."),
         w("swapped_entity", "A substance that speeds up a chemical reaction by being used up as fuel."),
         w("topic_only", "Catalysts are used in chemical reactions, for example in the catalytic converter of "
                         "a car.", 1)),
    fact("chemistry", "Why does spreading salt on roads melt the ice?",
         "Dissolved salt lowers the freezing point of water, so the ice melts at temperatures below 0 °C.",
         r("reordered_cause", "Salty water stays liquid at lower temperatures than plain water, which is why the "
                              "ice turns to slush even when it's a few degrees below zero."),
         r("technical", "The salt causes freezing-point depression, so the ice melts even below its normal "
                        "melting point."),
         w("negated", "Salt does not change the freezing point of water; it only makes the ice gritty so "
                      "tyres break it up."),
         w("reversed", "Dissolved salt raises the freezing point of water, so the ice melts at temperatures "
                       "above 0 °C."),
         w("swapped_entity", "The salt reacts with the ice and gives off heat, which melts it."),
         w("topic_only", "Salt trucks spread salt on the roads in winter when the temperature drops below "
                         "0 °C.")),
    fact("chemistry", "What is an isotope?",
         "An atom of an element with a different number of neutrons than other atoms of that element.",
         r("restate", "One of the forms of an element whose atoms have the same number of protons but a "
                      "different mass, because the count of neutrons differs."),
         r("extra_detail", "A version of an element that differs only in its neutron count; carbon-12 and "
                           "carbon-14 are both carbon, with 6 and 8 neutrons."),
         r("terse", "Same element, different neutron count."),
         w("swapped_entity", "An atom of an element with a different number of protons than other atoms of that "
                             "element."),
         w("swapped_entity", "An atom of an element with a different number of electrons than other atoms of "
                             "that element.", 0, "describes an ion"),
         w("topic_only", "Isotopes are atoms of elements, and the word is used a lot in nuclear physics.")),
    fact("chemistry", "What makes a substance an acid?",
         "An acid is a substance that donates hydrogen ions (protons) in solution.",
         r("active_passive", "In solution, hydrogen ions are given off by it; anything that hands out protons "
                             "like that counts as an acid."),
         r("technical", "It is a proton donor, in the Brønsted-Lowry sense."),
         w("reversed", "An acid is a substance that accepts hydrogen ions (protons) in solution.", 0,
           "describes a base"),
         w("swapped_entity", "An acid is a substance that donates hydroxide ions in solution."),
         w("partial", "It has a sour taste.", 1, "a property of many acids, not what makes one an acid")),
    fact("chemistry", "Why do noble gases rarely react with other elements?",
         "Their outer electron shells are full, so they have little tendency to gain, lose or share electrons.",
         r("reordered_cause", "They have no need to swap or share electrons with anything, since their "
                              "outermost shell is already complete."),
         r("technical", "They have a stable closed-shell configuration (a full valence octet, or a full shell "
                        "for helium), so bonding brings them no energetic advantage."),
         w("reversed", "Their outer electron shells are nearly empty, so they have little tendency to gain, "
                       "lose or share electrons."),
         w("swapped_entity", "Their nuclei have no neutrons, so they have little tendency to gain, lose or share "
                             "electrons."),
         w("negated", "They are not unreactive; noble gases react easily with most metals.")),
    fact("chemistry", "What happens in a combustion reaction?",
         "A fuel reacts with oxygen, releasing energy as heat and light.",
         r("active_passive", "Energy, in the form of heat and light, is given off as oxygen combines with a "
                             "fuel."),
         r("restate", "Something burns: it combines with oxygen from the air and gives out heat and usually a "
                      "flame."),
         w("reversed", "A fuel reacts with oxygen, absorbing energy as heat and light."),
         w("swapped_entity", "A fuel reacts with nitrogen, releasing energy as heat and light."),
         w("partial", "Energy is released as heat.", 1, "leaves out the fuel reacting with oxygen")),
    # -- cells (train) ---------------------------------------------------------------------------
    fact("cells", "What do mitochondria do?",
         "They produce most of the cell's energy in the form of ATP through cellular respiration.",
         r("restate", "They are where the cell burns food molecules with oxygen to make most of the ATP it runs "
                      "on."),
         r("active_passive", "Most of a cell's ATP is made in them, by cellular respiration."),
         r("extra_detail", "They carry out aerobic respiration and generate the bulk of the cell's ATP, its "
                           "energy currency; they even have a small genome of their own."),
         w("swapped_entity", "They produce most of the cell's proteins by reading messenger RNA.", 0,
           "describes ribosomes"),
         w("reversed", "They use up most of the cell's ATP through photosynthesis."),
         w("topic_only", "Mitochondria are small organelles found in most cells, often called the powerhouse "
                         "of the cell.", 1)),
    fact("cells", "What is DNA?",
         "The molecule that carries the genetic instructions for how living things develop and function.",
         r("restate", "It's the chemical that stores an organism's hereditary code, the recipe its body is "
                      "built and run from."),
         r("technical", "Deoxyribonucleic acid: a double-stranded polymer of nucleotides that encodes an "
                        "organism's genetic information."),
         w("swapped_entity", "The molecule that carries oxygen in the blood to every part of the body."),
         w("partial", "A long molecule shaped like a double helix.", 1, "its shape, not what it is for"),
         w("topic_only", "DNA is what people talk about when they discuss genes, heredity and DNA tests.")),
    fact("cells", "What is the difference between mitosis and meiosis?",
         "Mitosis produces two identical cells with the full set of chromosomes; meiosis produces four cells "
         "with half the chromosomes, used for sexual reproduction.",
         r("restate", "Meiosis makes four sex cells that each carry half the usual chromosomes, while mitosis "
                      "makes two genetically identical copies with the complete number."),
         r("technical", "Mitosis yields two diploid daughter cells identical to the parent; meiosis yields four "
                        "haploid gametes."),
         w("reversed", "Meiosis produces two identical cells with the full set of chromosomes; mitosis produces "
                       "four cells with half the chromosomes, used for sexual reproduction."),
         w("swapped_entity", "Mitosis produces two identical cells with the full set of chromosomes; meiosis "
                             "produces four cells with double the chromosomes, used for sexual reproduction."),
         w("partial", "Mitosis produces two identical cells.", 1, "a fragment about mitosis only")),
    fact("cells", "What is a gene?",
         "A segment of DNA that codes for a protein or a functional RNA.",
         r("restate", "A stretch of the genetic material that holds the instructions for making one particular "
                      "protein or RNA molecule."),
         r("other_side", "A protein or working RNA is built from instructions stored in a particular section of "
                         "DNA; that section is the gene."),
         r("minor_omission", "A piece of DNA carrying the code for a protein."),
         w("swapped_entity", "A segment of protein that codes for a strand of DNA."),
         w("swapped_entity", "A whole chromosome, containing all of a cell's DNA."),
         w("topic_only", "Genes are passed from parents to children, and the word gene is used a lot when "
                         "talking about DNA.", 1)),
    fact("cells", "What does the cell membrane do?",
         "It controls what enters and leaves the cell.",
         r("restate", "It acts as a selective gate, deciding which substances get in and which get out."),
         r("extra_detail", "It regulates the traffic of substances into and out of the cell, and it also "
                           "separates the cell's contents from its surroundings."),
         r("terse", "Regulates what gets in and out."),
         w("swapped_entity", "It controls what enters and leaves the nucleus.", 0,
           "describes the nuclear envelope"),
         w("negated", "It does not control anything; it just lets every substance pass freely."),
         w("swapped_entity", "It stores the cell's genetic material.")),
    fact("cells", "What is a mutation?",
         "A change in the DNA sequence.",
         r("restate", "An alteration in the order of bases in an organism's genetic code."),
         r("extra_detail", "When the genetic code gets altered, for instance by a copying mistake or by "
                           "radiation; most such changes are harmless."),
         r("terse", "An altered genetic sequence."),
         w("swapped_entity", "A change in the shape of the cell."),
         w("topic_only", "Mutations come up in biology and in science fiction films about DNA.")),
    # -- human body (train) ----------------------------------------------------------------------
    fact("human_body", "Why does your heart beat faster when you exercise?",
         "Working muscles need more oxygen, so the heart pumps blood faster to deliver it.",
         r("reordered_cause", "It speeds up to push more blood around, because active muscles are using oxygen "
                              "more quickly."),
         r("technical", "Cardiac output rises to meet the muscles' higher oxygen demand."),
         r("extra_detail", "During exertion the muscles burn through oxygen faster, so the heart raises its rate "
                           "to supply more blood; it also helps carry away carbon dioxide and heat."),
         r("terse", "To get more oxygen to the busy muscles."),
         w("reversed", "Working muscles need less oxygen, so the heart pumps blood faster to remove it."),
         w("swapped_entity", "Working muscles need more sugar from the stomach, so the heart pumps faster to "
                             "digest food."),
         w("negated", "It has nothing to do with oxygen: exercise simply makes the heart nervous.")),
    fact("human_body", "What do red blood cells do?",
         "They carry oxygen from the lungs to the rest of the body.",
         r("active_passive", "Oxygen picked up in the lungs is transported by them to the body's tissues."),
         r("extra_detail", "They deliver oxygen from the lungs around the body using the haemoglobin they're "
                           "packed with."),
         r("terse", "Transport O2 from the lungs around the body."),
         w("reversed", "They carry oxygen from the rest of the body to the lungs."),
         w("swapped_entity", "They fight infections by attacking bacteria.", 0,
           "describes white blood cells"),
         w("topic_only", "Red blood cells are the most common cells in the blood and give it its colour.", 1)),
    fact("human_body", "Why do we shiver when we're cold?",
         "Shivering is rapid muscle contraction that generates heat to warm the body.",
         r("reordered_cause", "To produce warmth: the body makes its muscles twitch quickly, and that work "
                              "releases heat."),
         r("restate", "Our muscles tense and relax very fast, and all that activity heats us up."),
         w("reversed", "Shivering is rapid muscle contraction that releases heat to cool the body."),
         w("swapped_entity", "Shivering is rapid skin contraction that stops sweat from escaping."),
         w("topic_only", "People shiver when they're cold, for instance when they leave the water after a "
                         "swim.")),
    fact("human_body", "What does the small intestine do?",
         "It is where most digestion finishes and nutrients are absorbed into the blood.",
         r("active_passive", "Most nutrients are taken up into the bloodstream there, after the breakdown of "
                             "food is completed."),
         r("minor_omission", "It's where the nutrients from food pass into the blood."),
         w("swapped_entity", "It is where most water is absorbed and faeces are formed.", 0,
           "describes the large intestine"),
         w("swapped_entity", "It is where digestion starts, with chewing and saliva."),
         w("topic_only", "The small intestine is a long tube in the abdomen, several metres long despite its "
                         "name.", 1)),
    fact("human_body", "Why do your pupils get smaller in bright light?",
         "To limit how much light enters the eye and protect the retina.",
         r("restate", "They narrow so less light gets in, which shields the light-sensitive back of the eye."),
         r("active_passive", "The amount of light let into the eye is reduced, and the retina is protected from "
                             "too much of it."),
         w("reversed", "To increase how much light enters the eye and help the retina."),
         w("swapped_entity", "To limit how much dust enters the eye and protect the cornea."),
         w("partial", "Because the iris muscles contract.", 1, "the mechanism, not the reason")),
    fact("human_body", "What do the kidneys do?",
         "They filter waste and excess water out of the blood to make urine.",
         r("active_passive", "Waste and surplus water are removed from the blood by them and leave the body as "
                             "urine."),
         r("extra_detail", "They clean the blood of waste products and extra fluid, producing urine, and they "
                           "help control blood pressure and salt balance."),
         w("swapped_entity", "They filter waste and excess water out of the air to make mucus."),
         w("swapped_entity", "They break down fats with bile.", 0, "describes the liver and gallbladder"),
         w("topic_only", "Most people have two kidneys, bean-shaped organs near the back.", 1)),
    # -- ecology (train) -------------------------------------------------------------------------
    fact("ecology", "What is natural selection?",
         "The process by which individuals with traits better suited to their environment survive and "
         "reproduce more, so those traits become more common.",
         r("restate", "Organisms that fit their surroundings well tend to live longer and have more offspring, "
                      "so their helpful features spread through later generations."),
         r("technical", "Differential survival and reproduction of heritable variants, which raises the "
                        "frequency of advantageous traits in a population over generations."),
         w("negated", "Individuals with traits better suited to their environment do not survive or "
                      "reproduce any better; traits spread by chance alone."),
         w("reversed", "The process by which individuals with traits better suited to their environment "
                       "survive and reproduce less, so those traits become rarer."),
         w("swapped_entity", "The process by which individuals change their traits during their lives to suit "
                             "the environment and pass those changes on."),
         w("partial", "Some individuals survive longer than others.", 1, "leaves out reproduction and the "
           "spread of traits")),
    fact("ecology", "What is a food chain?",
         "A sequence showing which organisms eat which, passing energy from one level to the next.",
         r("restate", "A line-up of who feeds on whom, which traces how energy moves from plants to the animals "
                      "that eat them and on to predators."),
         r("other_side", "When energy moves from a plant to a plant-eater and then to a predator, each step is "
                         "a link in a food chain."),
         w("reversed", "A sequence showing which organisms eat which, passing energy from the top predator back "
                       "down to the plants."),
         w("swapped_entity", "A sequence showing which organisms mate with which, passing genes from one "
                             "generation to the next."),
         w("topic_only", "Food chains are studied in ecology and often drawn with arrows.")),
    fact("ecology", "Why are bees important to agriculture?",
         "They pollinate many crops, which lets the plants produce fruit and seeds.",
         r("reordered_cause", "Lots of crops only set fruit and seed because pollen is carried between their "
                              "flowers by bees."),
         r("extra_detail", "Bees carry pollen from flower to flower for a large share of our food plants, such "
                           "as apples and almonds, so those plants can produce fruit and seed."),
         w("swapped_entity", "They eat the pests on many crops, which lets the plants produce fruit and seeds."),
         w("swapped_entity", "They make honey, which is used to fertilise many crops."),
         w("topic_only", "Bees live in hives and make honey, and farmers often keep them.", 1)),
    fact("ecology", "What is a keystone species?",
         "A species whose effect on its ecosystem is much larger than its numbers would suggest, so removing it "
         "changes the whole ecosystem.",
         r("restate", "One that holds its community together out of proportion to how common it is: take it "
                      "away and the ecosystem shifts dramatically."),
         r("extra_detail", "A species with an outsized influence on its habitat relative to its abundance; sea "
                           "otters are a classic example, because without them urchins strip the kelp "
                           "forests."),
         w("reversed", "A species whose effect on its ecosystem is much smaller than its numbers would suggest, "
                       "so removing it changes little."),
         w("swapped_entity", "The most numerous species in an ecosystem.")),
    fact("ecology", "Why does only about 10% of the energy pass from one level of a food chain to the next?",
         "Most of the energy is used for the organisms' own life processes or lost as heat.",
         r("restate", "Living things burn most of what they take in just staying alive, and much of it escapes "
                      "as warmth, so little is stored in their bodies for the next eater."),
         r("technical", "The rest is lost to respiration and metabolic heat, so only a small fraction becomes "
                        "biomass available to the next trophic level."),
         w("reversed", "Most of the energy is stored in the organisms' bodies, so little is lost as heat."),
         w("swapped_entity", "Most of the energy is destroyed when the organisms are digested."),
         w("partial", "Some energy is lost as heat.", 1, "says only that some energy is lost, not that most is "
           "used for life processes")),
    fact("ecology", "What is an invasive species?",
         "A non-native species that spreads in a new environment and harms the native ecosystem.",
         r("restate", "An organism brought from somewhere else that takes over its new home and damages the "
                      "plants and animals already living there."),
         r("extra_detail", "An introduced species that multiplies out of control where it doesn't belong and "
                           "hurts local wildlife, often because it has no natural predators there."),
         w("reversed", "A native species that spreads in a new environment and helps the local ecosystem."),
         w("partial", "A species that lives outside its original range.", 2,
           "leaves out that it spreads and does harm")),
    # -- weather (train) -------------------------------------------------------------------------
    fact("weather", "Why does it get colder as you climb a mountain?",
         "The air pressure drops with height, and air that expands cools down.",
         r("reordered_cause", "Higher up there is less air pressing down, so the air is thinner and spread out, "
                              "and spreading out makes air lose temperature."),
         r("technical", "Rising air expands adiabatically under lower pressure, so temperature falls with "
                        "altitude."),
         w("reversed", "The air pressure rises with height, and air that is compressed cools down."),
         w("swapped_entity", "You are farther from the Earth's hot core, so less heat reaches you."),
         w("topic_only", "Mountain climbers need warm clothing because it gets colder near the summit.")),
    fact("weather", "What causes wind?",
         "Air moving from areas of high pressure to areas of low pressure.",
         r("restate", "Differences in air pressure: air flows from where it is packed more densely toward where "
                      "the pressure is lower."),
         r("extra_detail", "Uneven heating by the Sun creates pressure differences, and air rushes from the "
                           "high-pressure zones into the low-pressure ones."),
         w("reversed", "Air moving from areas of low pressure to areas of high pressure."),
         w("swapped_entity", "The rotation of the Earth dragging the air along behind it."),
         w("topic_only", "Wind is measured with an anemometer and can reach very high speeds in storms.")),
    fact("weather", "How do clouds form?",
         "Water vapour in rising air cools and condenses into tiny droplets or ice crystals.",
         r("active_passive", "As air rises it cools, and tiny droplets or ice crystals are formed when its "
                             "moisture condenses."),
         r("restate", "Moist air goes up, gets colder, and the invisible vapour in it turns into countless "
                      "little drops of water or specks of ice."),
         w("reversed", "Water vapour in sinking air warms and evaporates into tiny droplets or ice crystals."),
         w("swapped_entity", "Smoke and dust in rising air cool and clump into tiny grey particles."),
         w("partial", "Water vapour rises into the sky.", 1, "leaves out cooling and condensation")),
    fact("weather", "What is the greenhouse effect?",
         "Gases in the atmosphere trap heat radiated from the Earth's surface, keeping the planet warmer than "
         "it would otherwise be.",
         r("restate", "Some gases in the air, such as carbon dioxide and water vapour, stop part of the warmth "
                      "given off by the ground from escaping to space, so the Earth stays warmer."),
         r("technical", "Atmospheric gases absorb outgoing infrared radiation and re-emit part of it downward, "
                        "raising the surface temperature."),
         w("reversed", "Gases in the atmosphere reflect heat away from the Earth's surface, keeping the planet "
                       "cooler than it would otherwise be."),
         w("swapped_entity", "The hole in the ozone layer lets in extra heat from the Sun, keeping the planet "
                             "warmer than it would otherwise be."),
         w("negated", "It isn't gases trapping heat; the planet is warm only because it is close to the Sun.")),
    fact("weather", "Why do places by the sea have milder climates than places far inland?",
         "Water heats up and cools down more slowly than land, so the sea moderates temperatures nearby.",
         r("reordered_cause", "Because the ocean changes temperature so sluggishly compared with the ground, "
                              "coastal summers stay cooler and winters warmer."),
         r("technical", "Water's high heat capacity buffers coastal air temperatures against seasonal and daily "
                        "extremes."),
         w("reversed", "Water heats up and cools down faster than land, so the sea makes temperatures nearby "
                       "more extreme."),
         w("swapped_entity", "Sea breezes carry salt, which keeps the air from getting too hot or too cold."),
         w("partial", "Because the sea keeps coastal summers cooler.", 2,
           "half the effect, without the reason")),
    fact("weather", "What is humidity?",
         "The amount of water vapour in the air.",
         r("restate", "How much moisture, in gas form, the air is holding."),
         r("extra_detail", "A measure of the water vapour the air contains; relative humidity gives it as a "
                           "percentage of the most the air could hold at that temperature."),
         r("terse", "Moisture held in the air as a gas."),
         w("swapped_entity", "The amount of rain that falls in a day."),
         w("swapped_entity", "The amount of oxygen in the air.")),
    fact("weather", "Why does dew form on grass overnight?",
         "The grass cools below the dew point, so water vapour in the air condenses on it.",
         r("reordered_cause", "Moisture from the air turns to liquid on the blades because at night they get "
                              "colder than the temperature at which the air is saturated."),
         r("restate", "Overnight the grass loses heat until it is cold enough for the air's moisture to settle "
                      "on it as droplets."),
         w("reversed", "The grass warms above the dew point, so water in it evaporates onto the surface."),
         w("swapped_entity", "The grass cools below the dew point, so water rises from the soil and leaks out "
                             "of the leaves."),
         w("topic_only", "Dew on the grass is a common sight in the early morning, especially in autumn.")),
    # -- earth (train) ---------------------------------------------------------------------------
    fact("earth", "What causes earthquakes?",
         "The sudden release of stress when tectonic plates slip along a fault.",
         r("active_passive", "Strain that has built up in the rock is let go all at once as the plates lurch "
                             "past each other at a fault line."),
         r("restate", "Pieces of the Earth's crust get stuck, pressure builds, and then they suddenly jerk "
                      "past one another."),
         w("negated", "It is not plates slipping at a fault; earthquakes come from gas exploding deep underground."),
         w("swapped_entity", "The sudden release of heat when magma reaches the surface."),
         w("reversed", "The slow build-up of stress when tectonic plates are locked along a fault.", 0,
           "the build-up instead of the release"),
         w("topic_only", "Earthquakes are measured by seismographs and are common along plate boundaries such "
                         "as the Pacific Ring of Fire.", 1)),
    fact("earth", "Why is the ocean salty?",
         "Rivers carry dissolved minerals from rocks into the sea, and when water evaporates the salt stays "
         "behind.",
         r("restate", "Rain slowly dissolves salts out of rocks on land, streams wash them to the ocean, and the "
                      "salt is left there when the water goes up as vapour."),
         r("reordered_cause", "The salt accumulates because evaporation removes only pure water, while rivers "
                              "keep delivering minerals worn from the land."),
         w("reversed", "Rivers carry dissolved minerals from the sea onto the land, and when water evaporates "
                       "the salt goes with it."),
         w("swapped_entity", "Salt is carried to the sea by the wind from deserts, and when water evaporates "
                             "the salt stays behind."),
         w("partial", "Rivers carry dissolved minerals into the sea.", 2,
           "leaves out that evaporation leaves the salt behind")),
    fact("earth", "What causes the tides?",
         "Mainly the Moon's gravity pulling on the oceans, with a smaller effect from the Sun.",
         r("active_passive", "The seas are pulled chiefly by the Moon, and to a lesser degree by the Sun."),
         r("minor_omission", "The Moon's gravitational pull on the sea."),
         w("reversed", "Mainly the Sun's gravity pulling on the oceans, with a smaller effect from the Moon."),
         w("swapped_entity", "Mainly the wind pushing on the oceans, with a smaller effect from the Moon."),
         w("negated", "Not the Moon's gravity; tides are caused by the Earth's rotation alone.")),
    fact("earth", "How are sedimentary rocks formed?",
         "Layers of sediment build up and are compressed and cemented together over time.",
         r("active_passive", "Over long periods, sand, mud and other particles pile up in layers, and the "
                             "weight above squeezes them and glues them into stone."),
         r("restate", "Bits of sand, mud and shell settle in layers, and over ages they get pressed and stuck "
                      "together into rock."),
         w("swapped_entity", "Molten rock cools and hardens, either underground or at the surface.", 0,
           "describes igneous rock"),
         w("swapped_entity", "Existing rocks are changed by great heat and pressure deep underground.", 0,
           "describes metamorphic rock"),
         w("topic_only", "Sedimentary rocks such as sandstone and limestone often contain fossils.", 1)),
    fact("earth", "Why does the Earth have seasons?",
         "Because the Earth's axis is tilted, so each hemisphere gets more direct sunlight for part of the "
         "year.",
         r("reordered_cause", "The planet leans on its axis, and as it goes round the Sun first one half, then "
                              "the other, is angled toward the sunshine."),
         r("extra_detail", "The axial tilt of about 23.4 degrees changes the angle of incoming sunlight and the "
                        "length of the day in each hemisphere over the orbit."),
         w("swapped_entity", "Because the Earth's distance from the Sun changes, so the whole planet is closer "
                             "to the Sun for part of the year."),
         w("negated", "It isn't the tilt of the axis; the Sun itself shines brighter in summer."),
         w("partial", "Because the Earth's axis is tilted.", 2, "the cause, without how it makes seasons")),
    fact("earth", "What is erosion?",
         "The wearing away and removal of rock and soil by water, wind or ice.",
         r("active_passive", "It's when rock and soil are worn down and carried off by rivers, wind or "
                             "glaciers."),
         r("extra_detail", "The gradual stripping away of rock and soil by moving water, wind or ice, which is "
                           "how valleys and canyons are carved."),
         r("minor_omission", "Rock and soil being worn down and carried off."),
         w("reversed", "The build-up and deposit of rock and soil by water, wind or ice.", 0,
           "describes deposition"),
         w("swapped_entity", "The breaking down of rock by chemical reactions, without it being moved away.", 0,
           "describes chemical weathering"),
         w("topic_only", "Erosion is a big problem for farmers and along coastlines.")),
    # -- geography (train) -----------------------------------------------------------------------
    fact("geography", "Why is the Dead Sea so salty?",
         "Water flows into it but can only leave by evaporation, which leaves the salt behind.",
         r("extra_detail", "It has no outlet: the Jordan River brings water in, and the only way out is for it to "
                      "evaporate in the heat, so the minerals keep concentrating."),
         r("reordered_cause", "Because nothing drains it except the sun drying it off, the salt carried in "
                              "never gets carried out again."),
         w("reversed", "Water flows out of it faster than it flows in, which washes the salt away."),
         w("swapped_entity", "It sits on top of an underground salt volcano that feeds salt into it."),
         w("topic_only", "The Dead Sea lies between Israel and Jordan, and people float easily in its salty "
                         "water.", 1)),
    fact("geography", "What is a river delta?",
         "A landform built from sediment deposited where a river flows into a sea or lake.",
         r("active_passive", "Land that is built up at a river's mouth by the mud and sand the river drops "
                             "there as it slows down."),
         r("extra_detail", "Where a river meets still water it slows and sheds its load of silt, and over time "
                           "that silt piles into new land, often fan-shaped, like the Nile's."),
         w("swapped_entity", "A landform built from sediment deposited where a river starts in the mountains."),
         w("swapped_entity", "A deep valley cut by a river into rock.", 0, "describes a canyon"),
         w("topic_only", "Deltas are named after the Greek letter, and many big rivers have one.")),
    fact("geography", "Why are many of the world's deserts found around 30 degrees north and south of the "
                      "equator?",
         "Air that rose at the equator sinks there, warming and drying as it descends, so little rain falls.",
         r("reordered_cause", "Rain is scarce at those latitudes because dry air that has already dropped its "
                              "moisture near the equator comes back down there and heats up as it falls."),
         r("technical", "They lie under the descending branch of the Hadley cell, where subsiding air is warmed "
                        "by compression and suppresses cloud formation."),
         w("reversed", "Air that sank at the equator rises there, cooling and drying as it ascends, so little "
                       "rain falls."),
         w("swapped_entity", "They are the latitudes closest to the Sun, so the heat dries up any rain."),
         w("partial", "Because air sinks there.", 2, "the sinking air, without why it makes the land dry")),
    fact("geography", "What is the equator?",
         "The imaginary line around the Earth halfway between the North and South Poles.",
         r("other_side", "The line at zero degrees latitude, equally far from both poles, that circles the "
                         "planet."),
         r("restate", "An invisible circle drawn round the middle of the globe, the same distance from each "
                      "pole."),
         r("terse", "Latitude zero, midway between the poles."),
         w("swapped_entity", "The imaginary line that runs from the North Pole to the South Pole through "
                             "Greenwich.", 0, "describes the prime meridian"),
         w("reversed", "The imaginary line around the Earth closest to the North Pole."),
         w("topic_only", "The equator passes through countries such as Ecuador, Kenya and Indonesia.", 1)),
    fact("geography", "What is a fjord?",
         "A long, narrow, deep inlet of the sea between steep cliffs, carved by a glacier.",
         r("restate", "A glacier-cut valley that the sea has flooded, leaving a slim, deep arm of water walled "
                      "in by high rock."),
         r("extra_detail", "A narrow sea inlet with steep sides that was gouged out by ice during an ice age; "
                           "Norway's coast is full of them."),
         r("minor_omission", "A narrow, deep sea inlet gouged out by a glacier."),
         w("swapped_entity", "A long, narrow, deep inlet of the sea between steep cliffs, carved by a river."),
         w("reversed", "A wide, shallow bay with flat, sandy shores.")),
    fact("geography", "Why do time zones exist?",
         "Because the Earth rotates, different places face the Sun at different times, so noon comes at "
         "different moments around the world.",
         r("reordered_cause", "Midday happens at a different moment in each place, since the planet turns and "
                              "only part of it faces the Sun at once; clocks are set by region to follow that."),
         r("terse", "The Earth spins, so midday arrives at different moments in different places."),
         w("swapped_entity", "Because the Earth orbits the Sun, different places face the Sun at different "
                             "seasons, so noon comes at different moments around the world."),
         w("negated", "Not because of the Earth's rotation; time zones were made up purely to suit the railway "
                      "companies."),
         w("topic_only", "There are about 24 time zones, and Greenwich Mean Time is the starting point.", 1)),
    # -- computing (train) -----------------------------------------------------------------------
    fact("computing", "What is RAM used for in a computer?",
         "It holds the data and programs the computer is currently using so the processor can reach them "
         "quickly.",
         r("restate", "It's the fast working memory where whatever is running right now is kept, close at hand "
                      "for the CPU."),
         r("extra_detail", "Short-term memory: the processor keeps the programs and files in active use there "
                           "for quick access, and its contents vanish when the power goes off."),
         w("swapped_entity", "It holds all the computer's files permanently, even when the power is off.", 0,
           "describes storage such as a disk"),
         w("reversed", "It holds the data and programs the computer is not using so the processor does not "
                       "have to reach them."),
         w("topic_only", "RAM stands for random-access memory, and it comes in sticks that you plug into the "
                         "motherboard.", 1)),
    fact("computing", "What is the difference between a compiler and an interpreter?",
         "A compiler translates the whole program into machine code before it runs; an interpreter executes it "
         "statement by statement as it goes.",
         r("restate", "An interpreter reads and carries out the source one line at a time while running, "
                      "whereas a compiler converts all of it into machine instructions first."),
         r("technical", "Compilation is ahead-of-time translation of the entire source to native code; "
                        "interpretation evaluates the program incrementally at run time."),
         w("reversed", "An interpreter translates the whole program into machine code before it runs; a "
                       "compiler executes it statement by statement as it goes."),
         w("partial", "A compiler translates the whole program before it runs.", 2,
           "explains the compiler but not the interpreter"),
         w("swapped_entity", "A compiler translates the whole program into a different human language; an "
                             "interpreter translates comments.")),
    fact("computing", "Why is looking up a key in a hash table fast?",
         "The key's hash gives the position of the value directly, so there is no need to search through all "
         "the entries.",
         r("reordered_cause", "You never scan the whole table, because computing a hash of the key tells you "
                              "exactly which slot to check."),
         r("technical", "Hashing maps the key to a bucket index in constant time on average, avoiding a linear "
                        "search."),
         r("terse", "Direct indexing by hash instead of a scan."),
         w("reversed", "The key's hash gives the position of the value only after searching through all the "
                       "entries."),
         w("swapped_entity", "Because the entries are kept sorted, so it can use binary search."),
         w("topic_only", "Hash tables store keys and values, and Python's dict is one of them.")),
    fact("computing", "What does an operating system do?",
         "It manages the computer's hardware and provides services for programs to run.",
         r("active_passive", "The hardware is managed by it, and the applications are given the services they "
                             "need to run."),
         r("extra_detail", "It controls the hardware, shares out memory and processor time, and gives "
                           "applications a common base to run on; Windows, macOS and Linux are examples."),
         w("swapped_entity", "It manages the computer's spreadsheets and provides templates for documents to "
                             "print."),
         w("partial", "It lets you start programs.", 1, "a small part of what it does")),
    fact("computing", "What is encryption?",
         "Turning data into a form that only someone with the right key can read.",
         r("active_passive", "Data is scrambled so that it can be read only by someone who holds the key to "
                             "unscramble it."),
         r("technical", "Transforming plaintext into ciphertext with an algorithm and a key, so that only key "
                        "holders can recover the original."),
         r("terse", "Scrambling information so only key holders can make sense of it."),
         w("swapped_entity", "Turning data into a smaller form so that it takes up less space.", 0,
           "describes compression"),
         w("reversed", "Turning data into a form that anyone can read without a key."),
         w("topic_only", "Encryption is used by banks and messaging apps, and the key is important.")),
    fact("computing", "What is a software bug?",
         "An error in a program that makes it behave in a way it was not meant to.",
         r("restate", "A mistake in the code that causes the program to do something unintended."),
         r("other_side", "When software does something its authors didn't intend because of a flaw in how it "
                         "was written, that flaw is a bug."),
         w("swapped_entity", "A virus that infects a program from outside."),
         w("topic_only", "Programmers spend a lot of time on bugs, and there are tools called debuggers.")),
    fact("computing", "Why does binary search only work on a sorted list?",
         "It halves the search range by comparing with the middle item, which only works if the items are in "
         "order.",
         r("reordered_cause", "Only when the items are in order can a single look at the middle tell you which "
                              "half to throw away, and the method relies on discarding half each time."),
         r("restate", "Each step checks the centre and keeps the side where the target must be, and you can "
                      "only know that side if the list is ordered."),
         w("reversed", "It doubles the search range by comparing with the middle item, which only works if the "
                       "items are in order."),
         w("swapped_entity", "It halves the search range by comparing with the last item, which only works if "
                             "the list is short."),
         w("partial", "It compares with the middle item.", 1, "the step, without why order is needed")),
    # -- mathematics (train) ---------------------------------------------------------------------
    fact("mathematics", "What is a prime number?",
         "A whole number greater than 1 whose only divisors are 1 and itself.",
         r("restate", "A whole number above 1 that cannot be divided evenly by anything except 1 and the number "
                      "itself."),
         r("other_side", "An integer bigger than one that can't be written as the product of two smaller whole "
                         "numbers."),
         r("extra_detail", "A natural number greater than 1 with exactly two divisors, 1 and itself, such as 2, "
                           "3, 5, 7 or 11; 2 is the only even one."),
         w("swapped_entity", "A whole number greater than 1 whose only divisors are 1 and 2."),
         w("reversed", "A whole number greater than 1 that has more divisors than just 1 and itself.", 0,
           "describes a composite number"),
         w("partial", "A number that can be divided by itself.", 1, "true of every non-zero number")),
    fact("mathematics", "Why can't you divide by zero?",
         "Because no number multiplied by zero gives a non-zero result, so the division has no defined answer.",
         r("reordered_cause", "Division asks what to multiply the divisor by to get the dividend, and zero "
                              "times anything is zero, so there is no answer to find."),
         r("restate", "There's no value that works: multiplying it by 0 would have to give back the original "
                      "number, and 0 times anything is always 0."),
         w("swapped_entity", "Because any number divided by zero gives zero, so the division has no defined "
                             "answer."),
         w("swapped_entity", "Because the answer would be infinity, which is too large for calculators to "
                             "display."),
         w("topic_only", "Division by zero is a classic error in maths and in programming.")),
    fact("mathematics", "What does the Pythagorean theorem say?",
         "In a right triangle, the square of the hypotenuse equals the sum of the squares of the other two "
         "sides.",
         r("restate", "For a triangle with a 90-degree angle, add the squares of the two shorter sides and you "
                      "get the square of the longest side."),
         r("technical", "For a right triangle with legs a and b and hypotenuse c, a² + b² = c²."),
         w("swapped_entity", "In a right triangle, the hypotenuse equals the sum of the other two sides."),
         w("swapped_entity", "In any triangle, the square of the longest side equals the sum of the squares of "
                             "the other two sides."),
         w("topic_only", "The Pythagorean theorem is named after the Greek mathematician Pythagoras and is about "
                         "triangles.", 1)),
    fact("mathematics", "What is the median of a set of numbers?",
         "The middle value when the numbers are put in order.",
         r("restate", "Sort them from smallest to largest and take the one in the centre."),
         r("extra_detail", "The value in the middle of the sorted list; with an even count it is the average of "
                           "the two middle values."),
         r("terse", "The centre number once they're sorted."),
         w("swapped_entity", "The sum of the numbers divided by how many there are.", 0,
           "describes the mean"),
         w("swapped_entity", "The value that occurs most often.", 0, "describes the mode"),
         w("partial", "You have to put the numbers in order first.", 1, "the first step, not the value")),
    fact("mathematics", "What is a derivative in calculus?",
         "The rate at which a function's value changes as its input changes.",
         r("restate", "It tells you how fast a function is changing at each point, with respect to its input."),
         r("other_side", "The slope of the tangent line to a function's graph at a point."),
         r("terse", "The instantaneous rate of change."),
         w("swapped_entity", "The area under a function's graph.", 0, "describes an integral"),
         w("swapped_entity", "The value a function approaches as its input gets close to a point.", 0,
           "describes a limit")),
    fact("mathematics", "What is probability?",
         "A measure of how likely an event is, from 0 for impossible to 1 for certain.",
         r("restate", "A number between zero and one that says how likely something is to happen, zero meaning "
                      "it never will and one meaning it surely will."),
         r("other_side", "The chance of an event, on a scale where 1 means it must happen and 0 means it can't."),
         r("minor_omission", "How likely it is that something will happen."),
         w("reversed", "A measure of how likely an event is, from 0 for certain to 1 for impossible."),
         w("swapped_entity", "A measure of how often an event has happened, counted in whole numbers."),
         w("topic_only", "Probability is used in gambling and in weather forecasts.")),
    # -- light and sound (held out) --------------------------------------------------------------
    fact("light_sound", "Why do we see lightning before we hear thunder?",
         "Because light moves much faster than sound.",
         r("reordered_cause", "Light travels far faster than sound, so the flash reaches us first."),
         r("casual", "the flash gets to you way quicker than the noise does, light is just super fast compared "
                     "to sound"),
         r("extra_detail", "The flash and the bang happen together, but light covers about 300,000 km every "
                           "second while sound manages only around 340 metres, so the rumble arrives later."),
         w("reversed", "Because light moves much slower than sound."),
         w("wrong_paraphrase", "The lightning happens first and the thunder is produced a few seconds after "
                               "it."),
         w("topic_only", "Lightning and thunder come from the same storm, and sound and light both travel "
                         "through the air.")),
    fact("light_sound", "Why is the sky blue?",
         "Air molecules scatter blue light from the Sun more strongly than red light, so blue light reaches "
         "our eyes from every part of the sky.",
         r("restate", "Sunlight is made of all colours, and the short blue wavelengths get bounced around by the "
                      "gas in the atmosphere much more than the long red ones, so blue comes at us from all "
                      "directions."),
         r("technical", "Rayleigh scattering, which is far stronger at short wavelengths, redirects blue "
                        "sunlight across the whole sky."),
         r("casual", "basically the air bounces blue light around way more than red, so wherever you look "
                     "up you get blue"),
         w("reversed", "Air molecules scatter red light from the Sun more strongly than blue light, so blue "
                       "light reaches our eyes from every part of the sky."),
         w("swapped_entity", "The sky reflects the blue of the oceans, so blue light reaches our eyes from every "
                             "part of the sky."),
         w("wrong_paraphrase", "The air itself is blue-coloured, the way tinted glass is, so it soaks up every "
                               "other colour of sunlight.")),
    fact("light_sound", "What is an echo?",
         "A sound reflected off a surface that reaches the listener after the original sound.",
         r("restate", "When a noise bounces back from a wall or cliff and you hear it again a moment later."),
         r("casual", "it's your sound bouncing off something like a cliff and coming back to you a bit later"),
         w("swapped_entity", "A sound absorbed by a surface that reaches the listener after the original "
                             "sound."),
         w("wrong_paraphrase", "A second sound that a surface gives off in reply when it is hit by the first "
                               "one, usually at a lower pitch."),
         w("topic_only", "Echoes are common in caves, canyons and empty halls.")),
    fact("light_sound", "Why does a straw look bent in a glass of water?",
         "Light bends as it passes from water into air, so the part of the straw under water appears shifted.",
         r("technical", "Refraction at the water-air boundary changes the direction of the rays from the "
                        "submerged part, displacing its apparent position."),
         r("casual", "the light changes direction when it comes out of the water, so the bit underwater looks "
                     "like it's in the wrong spot"),
         r("active_passive", "The rays coming from the underwater part are bent at the surface, which makes "
                             "that part seem out of line with the rest."),
         w("reversed", "Light travels in a straight line as it passes from water into air, so the straw really "
                       "is bent under water."),
         w("swapped_entity", "The water presses on the straw and bends it a little."),
         w("wrong_paraphrase", "The water magnifies the straw, and the bigger image makes it look as if it has "
                               "a kink.")),
    fact("light_sound", "Why can't sound travel through space?",
         "Sound needs a medium such as air to travel through, and space is almost a vacuum.",
         r("reordered_cause", "There's almost nothing out there to vibrate, and sound is nothing but vibrations "
                              "passed along through matter."),
         r("casual", "no air up there, so there's nothing to carry the sound"),
         w("reversed", "Sound needs a vacuum to travel through, and space is full of air."),
         w("wrong_paraphrase", "It's too cold in space, and sound waves freeze before they can get anywhere."),
         w("partial", "Space is almost a vacuum.", 2, "the fact, without why it stops sound")),
    fact("light_sound", "Why does the sunset look red?",
         "At sunset the light passes through much more air, which scatters away the blue and leaves mostly red "
         "and orange.",
         r("reordered_cause", "When the Sun is low its rays take a long slanting path through the atmosphere, "
                              "and on that long trip the blue gets scattered out, so what's left looks "
                              "reddish."),
         r("casual", "the light has way more air to get through when the sun's that low, the blue gets knocked "
                     "out along the way so you mostly see red and orange"),
         w("reversed", "At sunset the light passes through much less air, which scatters away the red and leaves "
                       "mostly blue."),
         w("wrong_paraphrase", "In the evening the Sun cools down a little, so it gives off redder light."),
         w("topic_only", "Red sunsets are especially striking after volcanic eruptions, and the air looks orange "
                         "and red.")),
    fact("light_sound", "Why does an ambulance siren drop in pitch as it passes you?",
         "Because of the Doppler effect: the sound waves are squeezed together as it approaches and stretched "
         "out as it moves away.",
         r("restate", "While it comes toward you the waves bunch up and sound higher, and once it's going away "
                      "they spread out and sound lower."),
         r("technical", "The Doppler shift: the received frequency is raised while the source approaches and "
                        "lowered while it recedes."),
         w("reversed", "Because of the Doppler effect: the sound waves are stretched out as it approaches and "
                       "squeezed together as it moves away."),
         w("wrong_paraphrase", "The siren gets quieter as it drives away, and a quieter sound seems lower to "
                               "our ears."),
         w("negated", "It isn't the Doppler effect; the driver switches the siren to a lower tone once past.")),
    # -- astronomy (held out) --------------------------------------------------------------------
    fact("astronomy", "What is a black hole?",
         "A region of spacetime whose gravity prevents anything, including light, from escaping.",
         r("restate", "A region where gravity is so strong that nothing, not even light, can get out."),
         r("casual", "a spot in space with gravity so insane that even light can't escape it"),
         r("extra_detail", "A place where matter is packed so densely that its pull traps everything, light "
                           "included; most form when a very massive star collapses."),
         w("reversed", "A region of spacetime whose gravity pushes everything, including light, away."),
         w("wrong_paraphrase", "A region where gravity is so strong that everything except light is trapped."),
         w("topic_only", "Black holes are regions of spacetime studied by astronomers, and one sits at the "
                         "centre of our galaxy.", 1)),
    fact("astronomy", "Why does the Moon have phases?",
         "As the Moon orbits the Earth, we see different portions of its sunlit half.",
         r("restate", "The Sun always lights half of the Moon, and as it travels around us we view more or less "
                      "of that lit side."),
         r("casual", "it goes around us, so from here we see different amounts of the side the sun's lighting "
                     "up"),
         w("swapped_entity", "As the Moon orbits the Earth, the Earth's shadow covers different portions of "
                             "it."),
         w("wrong_paraphrase", "The Moon spins on its axis, and we see different amounts of its bright side "
                               "as it turns."),
         w("partial", "Because half of the Moon is always lit by the Sun.", 2,
           "leaves out the orbit that changes how much of it we see")),
    fact("astronomy", "What causes a solar eclipse?",
         "The Moon passes between the Sun and the Earth and blocks the Sun's light.",
         r("active_passive", "The Sun's light is blocked by the Moon when it lines up between us and the Sun."),
         r("casual", "the moon gets in the way of the sun and blocks it for a bit"),
         r("terse", "The Moon blotting out the Sun."),
         w("reversed", "The Earth passes between the Sun and the Moon and blocks the Sun's light.", 0,
           "describes a lunar eclipse"),
         w("wrong_paraphrase", "The Moon's shadow falls on the Sun and darkens its surface for a few minutes."),
         w("topic_only", "Solar eclipses are rare events, and you should never look at the Sun directly.")),
    fact("astronomy", "Why do stars twinkle?",
         "Turbulence in the Earth's atmosphere keeps bending their light in changing ways.",
         r("restate", "The moving, uneven air above us deflects the starlight this way and that, so it seems to "
                      "flicker."),
         r("casual", "it's the air moving around up there messing with the light on its way down"),
         r("extra_detail", "Pockets of air at different temperatures refract the light unevenly and keep "
                           "shifting; planets twinkle much less because they show a tiny disc, not a point."),
         r("minor_omission", "Atmospheric turbulence."),
         w("swapped_entity", "Stars pulse in brightness as they burn, so their light keeps changing."),
         w("wrong_paraphrase", "Their light gets weaker over the long journey, and faint light naturally "
                               "flickers."),
         w("negated", "It has nothing to do with the Earth's atmosphere; the stars really change brightness.")),
    fact("astronomy", "What is a light-year?",
         "The distance light travels in one year.",
         r("restate", "How far a beam of light gets in twelve months."),
         r("extra_detail", "A unit of length, not of time: how far light gets in a year, about 9.5 trillion "
                           "kilometres."),
         w("wrong_paraphrase", "The time it takes light to reach us from a star."),
         w("swapped_entity", "The distance the Earth travels in one year."),
         w("topic_only", "Light-years are used by astronomers, and the nearest star is a few of them away.", 1)),
    fact("astronomy", "Why do we always see the same side of the Moon?",
         "The Moon turns once on its axis in the same time it takes to orbit the Earth.",
         r("restate", "Its spin and its trip around us take exactly as long as each other, so one face stays "
                      "pointed at us."),
         r("technical", "It is tidally locked: its rotation period equals its orbital period."),
         r("casual", "it spins at just the right speed that the same side always faces us"),
         w("negated", "Because the Moon does not turn on its axis at all."),
         w("wrong_paraphrase", "The far side is always in darkness, so it can never be seen from Earth."),
         w("swapped_entity", "The Moon turns once on its axis in the same time it takes the Earth to turn once "
                             "on its own.")),
    fact("astronomy", "How does the Sun produce its energy?",
         "By nuclear fusion, turning hydrogen into helium in its core.",
         r("restate", "Deep in its centre, hydrogen nuclei are fused together to make helium, and that releases "
                      "the energy."),
         r("casual", "fusion in the middle of it, hydrogen getting squashed into helium"),
         r("terse", "Fusing hydrogen into helium at its centre."),
         w("swapped_entity", "By nuclear fission, splitting helium into hydrogen in its core."),
         w("wrong_paraphrase", "Enormous amounts of hydrogen burn in oxygen near the surface, like a huge "
                               "fire."),
         w("partial", "In its core.", 1, "only where, not how")),
    # -- medicine (held out) ---------------------------------------------------------------------
    fact("medicine", "How do vaccines work?",
         "They train the immune system to recognise a pathogen, so it can fight off a real infection quickly.",
         r("restate", "A vaccine shows your body a harmless version or piece of a germ, so your defences "
                      "learn it and can respond fast if the real thing ever turns up."),
         r("casual", "they basically give your immune system a practice run so it knows the bug when it shows "
                     "up for real"),
         r("technical", "They expose the immune system to antigens from a pathogen, inducing memory B and T "
                        "cells that mount a rapid response on later exposure."),
         w("negated", "They don't train the immune system; they carry a medicine that kills germs for a few years."),
         w("swapped_entity", "They kill the pathogen directly in the blood, so it can't cause a real infection."),
         w("wrong_paraphrase", "They coat the body's cells in a protective layer, so germs can't attach to them "
                               "when an infection comes."),
         w("topic_only", "Vaccines are usually given as injections, and children get several of them.")),
    fact("medicine", "Why don't antibiotics work against the common cold?",
         "Colds are caused by viruses, and antibiotics only kill bacteria.",
         r("reordered_cause", "Antibiotics act on bacteria, not viruses, and a cold is a viral infection."),
         r("casual", "a cold's a virus and antibiotics only do anything to bacteria"),
         w("negated", "Antibiotics do kill cold viruses; they just act too slowly to help."),
         w("reversed", "Colds are caused by bacteria, and antibiotics only kill viruses."),
         w("wrong_paraphrase", "Cold viruses have become resistant to antibiotics because the drugs were "
                               "overused."),
         w("partial", "Because colds are caused by viruses.", 2, "leaves out that antibiotics act only on "
           "bacteria")),
    fact("medicine", "What is a fever?",
         "A raised body temperature, usually the body's response to an infection.",
         r("restate", "When your temperature goes above normal, most often because your body is fighting off "
                      "an illness."),
         r("casual", "you're running hot, usually cos your body's fighting something off"),
         r("terse", "An above-normal temperature, typically from an infection."),
         w("reversed", "A lowered body temperature, usually the body's response to an infection."),
         w("wrong_paraphrase", "An infection that makes the skin hot to the touch while the body's temperature "
                               "stays normal."),
         w("topic_only", "A fever is checked with a thermometer, and people often take medicine for it.")),
    fact("medicine", "What does insulin do?",
         "It lets cells take up glucose from the blood, which lowers blood sugar.",
         r("active_passive", "Blood sugar is brought down because glucose is absorbed by the body's cells when "
                             "this hormone signals them."),
         r("casual", "it's the hormone that gets sugar out of your blood and into your cells"),
         r("extra_detail", "Made by the pancreas, it signals cells to absorb glucose from the bloodstream, "
                           "bringing blood sugar levels down."),
         w("reversed", "It makes cells release glucose into the blood, which raises blood sugar.", 0,
           "describes glucagon"),
         w("wrong_paraphrase", "It breaks sugar down in the blood itself, so there is less of it to reach the "
                               "cells."),
         w("topic_only", "Insulin is used by people with diabetes, often by injection.", 1)),
    fact("medicine", "What is antibiotic resistance?",
         "When bacteria evolve so that antibiotics no longer kill them.",
         r("restate", "It's when germs adapt over time until the drugs meant to wipe them out stop working on "
                      "them."),
         r("casual", "bacteria changing so the antibiotics don't work on them anymore"),
         w("swapped_entity", "When a patient's body gets used to antibiotics so they no longer work.", 0,
           "resistance is in the bacteria, not the patient"),
         w("wrong_paraphrase", "When the immune system learns to block antibiotics, so they can't reach the "
                               "bacteria."),
         w("negated", "When bacteria evolve, but antibiotics still kill them just as well.")),
    fact("medicine", "What is anaemia?",
         "A condition in which the blood has too few healthy red blood cells or too little haemoglobin to "
         "carry enough oxygen.",
         r("restate", "Not enough working red cells or haemoglobin, so the blood can't deliver as much oxygen "
                      "as the body needs."),
         r("extra_detail", "A shortage of red blood cells or haemoglobin that leaves the tissues short of "
                           "oxygen; iron deficiency is the most common cause, and tiredness the usual symptom."),
         w("reversed", "A condition in which the blood has too many red blood cells and too much haemoglobin."),
         w("swapped_entity", "A condition in which the blood has too few platelets, so it does not clot."),
         w("wrong_paraphrase", "Having too little blood overall, usually after losing some in an accident.")),
    fact("medicine", "What is an allergy?",
         "An overreaction of the immune system to a substance that is normally harmless.",
         r("active_passive", "Something harmless, like pollen, is treated as a threat by the body's defences, "
                             "and they respond far too strongly."),
         r("casual", "your immune system freaking out over stuff that isn't actually dangerous"),
         w("reversed", "An underreaction of the immune system to a substance that is normally harmful."),
         w("wrong_paraphrase", "A reaction to a substance that is mildly poisonous to some people and not to "
                               "others."),
         w("topic_only", "Allergies are common, and many people are allergic to pollen or peanuts.")),
    # -- economics (held out) --------------------------------------------------------------------
    fact("economics", "What is inflation?",
         "A general rise in prices over time, which reduces the purchasing power of money.",
         r("restate", "When the cost of living climbs across the board, so the same amount of cash buys less "
                      "than it used to."),
         r("casual", "stuff keeps getting more expensive, so your money doesn't go as far"),
         r("other_side", "A steady fall in what a unit of currency can buy, seen as prices going up generally."),
         w("reversed", "A general fall in prices over time, which increases the purchasing power of money.", 0,
           "describes deflation"),
         w("wrong_paraphrase", "When the price of one important good, like oil, shoots up for a while."),
         w("partial", "Prices go up.", 2, "leaves out that it is general and erodes what money buys")),
    fact("economics", "Why do prices usually rise when demand increases and supply stays the same?",
         "More buyers are competing for the same amount of goods, so sellers can charge more.",
         r("reordered_cause", "Sellers can ask higher prices, since there's more competition among customers "
                              "for a quantity of goods that hasn't grown."),
         r("casual", "more people want the same stuff, so sellers can bump up the price"),
         w("reversed", "Fewer buyers are competing for the same amount of goods, so sellers can charge more."),
         w("wrong_paraphrase", "Producing goods costs more when more people want them, so sellers pass on the "
                               "higher cost."),
         w("topic_only", "Supply and demand are the basic ideas of economics, and prices can go up or down.")),
    fact("economics", "What is opportunity cost?",
         "The value of the best alternative you give up when you make a choice.",
         r("restate", "What you lose out on by choosing one option: the benefit the next-best option would have "
                      "given you."),
         r("extra_detail", "The benefit of the best option you didn't choose; the opportunity cost of a year at "
                           "university, for example, includes the wages you could have earned."),
         r("casual", "whatever the next best thing you could've done instead was worth"),
         w("wrong_paraphrase", "The total amount of money you spend on the option you choose."),
         w("swapped_entity", "The value of the worst alternative you give up when you make a choice."),
         w("topic_only", "Opportunity cost is one of the first ideas taught in economics, because every choice "
                         "has one.")),
    fact("economics", "What is a tariff?",
         "A tax on imported goods.",
         r("restate", "A charge a government puts on products brought in from other countries."),
         r("casual", "a tax you pay on stuff coming in from abroad"),
         r("terse", "An import duty."),
         w("reversed", "A tax on exported goods."),
         w("wrong_paraphrase", "A limit on how many goods may be brought into a country.", 0,
           "describes an import quota"),
         w("swapped_entity", "A subsidy paid to companies that import goods.")),
    fact("economics", "Why do central banks raise interest rates to fight inflation?",
         "Higher rates make borrowing more expensive, which reduces spending and slows the rise in prices.",
         r("reordered_cause", "Price rises slow down once people and firms cut back their spending, and they "
                              "cut back because loans cost more after rates go up."),
         r("technical", "Raising the policy rate tightens credit conditions, dampening aggregate demand and "
                        "easing inflationary pressure."),
         r("casual", "if borrowing costs more people spend less, and that cools prices down"),
         w("reversed", "Higher rates make borrowing cheaper, which increases spending and slows the rise in "
                       "prices."),
         w("wrong_paraphrase", "Higher rates let the bank print less money, and with less money printed prices "
                               "stop rising right away."),
         w("partial", "Higher rates make borrowing more expensive.", 2,
           "leaves out how that slows inflation")),
    fact("economics", "What is GDP?",
         "The total value of all final goods and services produced in a country in a given period.",
         r("restate", "Gross domestic product: the market value of everything a country's economy turns out "
                      "for final use, usually measured over a year or a quarter."),
         r("casual", "how much stuff and services a country makes in a year, added up in money"),
         r("minor_omission", "The value of everything a country produces in a year."),
         w("swapped_entity", "The total value of all goods a country exports in a given period."),
         w("wrong_paraphrase", "The total amount of money the government of a country spends in a year."),
         w("topic_only", "GDP is reported every quarter and is watched closely by economists.")),
    fact("economics", "What is a monopoly?",
         "A market with only one seller, who can therefore set prices with little competition.",
         r("restate", "When a single company is the only supplier of something, so nobody can undercut the "
                      "prices it charges."),
         r("casual", "one company has the whole market to itself and can charge what it likes"),
         r("minor_omission", "When one company is the only seller of something."),
         w("reversed", "A market with only one buyer, who can therefore set prices with little "
                       "competition.", 0, "describes a monopsony"),
         w("wrong_paraphrase", "A market with many small sellers who agree to charge the same prices."),
         w("topic_only", "Monopoly is also the name of a board game about buying property.")),
    # -- kitchen and everyday (held out) ---------------------------------------------------------
    fact("kitchen", "Why does bread go stale?",
         "The starch in it recrystallises and it loses moisture, so it becomes hard.",
         r("restate", "Over time the starch molecules line up into a firmer structure again and the loaf dries "
                      "out, which is what makes it tough."),
         r("casual", "it dries out and the starch sort of re-sets, so it goes hard"),
         w("reversed", "The starch in it dissolves and it absorbs moisture, so it becomes hard."),
         w("wrong_paraphrase", "Mould spores settle on it and slowly harden the crumb."),
         w("partial", "It loses moisture.", 2, "leaves out the starch recrystallising")),
    fact("kitchen", "Why does cutting an onion make your eyes water?",
         "Cutting it releases a sulfur compound that irritates the eyes and makes them produce tears.",
         r("active_passive", "A sulfur-containing gas is given off when the onion is cut, and your eyes are "
                             "stung by it, so they tear up."),
         r("casual", "chopping it lets out this sulfur stuff that stings your eyes, so they start tearing up"),
         w("swapped_entity", "Cutting it releases a sugar syrup that irritates the eyes and makes them produce "
                             "tears."),
         w("wrong_paraphrase", "The strong smell of the onion makes you sad, and the tears are an emotional "
                               "reaction."),
         w("topic_only", "Onions are used in many dishes, and people often cry when cutting them.")),
    fact("kitchen", "Why do we keep food in the fridge?",
         "The cold slows the growth of the bacteria that make food spoil.",
         r("reordered_cause", "Food goes off because of germs multiplying in it, and at low temperatures they "
                              "multiply much more slowly."),
         r("casual", "bugs that spoil food grow way slower when it's cold"),
         w("reversed", "The cold speeds up the growth of the bacteria that make food spoil."),
         w("wrong_paraphrase", "The cold kills the bacteria that make food spoil, so chilled food keeps "
                               "forever."),
         w("topic_only", "A fridge is usually kept between 1 and 5 °C, and most kitchens have one.", 1)),
    fact("kitchen", "Why does a cut apple turn brown?",
         "Enzymes in the apple react with oxygen in the air and produce brown pigments.",
         r("active_passive", "Once the flesh is exposed, oxygen from the air is used by the fruit's enzymes to "
                             "make brown compounds."),
         r("extra_detail", "Cutting lets air reach the flesh, where an enzyme oxidises some of its compounds "
                           "into brown pigments; lemon juice slows this down."),
         r("casual", "air gets at the inside and the apple's own enzymes turn it brown"),
         w("swapped_entity", "Enzymes in the apple react with water in the air and produce brown pigments."),
         w("wrong_paraphrase", "The exposed flesh starts to rot straight away as bacteria from the air feed on "
                               "it."),
         w("negated", "It isn't a reaction with the air; the brown colour was already there under the skin.")),
    fact("kitchen", "How does a microwave oven heat food?",
         "Microwaves make the water molecules in the food vibrate and rotate, and that motion produces heat.",
         r("active_passive", "The water in the food is set jiggling by the microwave radiation, and that "
                             "jiggling turns into heat."),
         r("casual", "it shakes the water in the food around really fast and that heats it up"),
         w("wrong_paraphrase", "The microwaves heat the air inside the oven, and the hot air then cooks the "
                               "food."),
         w("swapped_entity", "Microwaves make the metal walls of the oven glow, and that heat warms the food."),
         w("reversed", "Microwaves make the water molecules in the food stop moving, and that produces heat.")),
    fact("kitchen", "Why does baking soda make a cake rise?",
         "It gives off carbon dioxide when it reacts with an acid, and the gas bubbles expand the batter.",
         r("reordered_cause", "The batter puffs up because bubbles of CO2 form in it once the soda meets "
                              "something acidic, like buttermilk."),
         r("casual", "it reacts with the acidic stuff and makes little gas bubbles that puff the cake up"),
         w("swapped_entity", "It gives off oxygen when it reacts with an acid, and the gas bubbles expand the "
                             "batter."),
         w("wrong_paraphrase", "It's a kind of yeast that eats the sugar and grows, which lifts the cake."),
         w("partial", "It reacts with an acid.", 1, "leaves out the gas that does the rising")),
    fact("kitchen", "Why shouldn't you pour water on a grease fire?",
         "The water instantly turns to steam and throws burning oil around, spreading the fire.",
         r("reordered_cause", "Flaming oil gets blasted out of the pan and the fire spreads, because water "
                              "hitting oil that hot flashes into steam at once."),
         r("casual", "the water boils instantly and sends burning oil flying everywhere"),
         w("wrong_paraphrase", "Water and oil react chemically and release a flammable gas."),
         w("reversed", "The water slowly sinks under the oil and cools it, smothering the fire."),
         w("topic_only", "Grease fires start in kitchens when oil gets too hot.")),
    # -- plants (held out) -----------------------------------------------------------------------
    fact("plants", "What is photosynthesis?",
         "The process by which plants use sunlight, water and carbon dioxide to make sugar and release oxygen.",
         r("restate", "It's how green plants turn light energy, water and CO2 into glucose, giving off oxygen "
                      "as a by-product."),
         r("casual", "plants using sunlight to turn water and CO2 into sugar, and they breathe out oxygen while "
                     "they're at it"),
         r("active_passive", "Sugar is made from carbon dioxide and water by plants, powered by light, and "
                             "oxygen is released."),
         r("terse", "Plants turning light, water and CO2 into sugar and oxygen."),
         w("reversed", "The process by which plants use sugar and oxygen to release energy, water and carbon "
                       "dioxide.", 0, "describes respiration"),
         w("swapped_entity", "The process by which plants use sunlight, water and oxygen to make sugar and "
                             "release carbon dioxide."),
         w("wrong_paraphrase", "How plants take in food from the soil through their roots, using the sunlight "
                               "for warmth.")),
    fact("plants", "Why are most leaves green?",
         "They contain chlorophyll, which absorbs red and blue light and reflects green light.",
         r("restate", "The pigment chlorophyll in them soaks up mostly the red and blue parts of sunlight and "
                      "bounces the green back to our eyes."),
         r("casual", "chlorophyll — it takes in the red and blue light and the green bounces off"),
         w("reversed", "They contain chlorophyll, which reflects red and blue light and absorbs green light."),
         w("wrong_paraphrase", "Chlorophyll uses green light most of all for photosynthesis, which is why "
                               "leaves look green."),
         w("partial", "They contain chlorophyll.", 2, "names the pigment without why it looks green")),
    fact("plants", "Why do leaves change colour in autumn?",
         "The trees stop making chlorophyll, so the green fades and the yellow and orange pigments show "
         "through.",
         r("reordered_cause", "Yellows and oranges that were in the leaf all along become visible, because "
                              "production of the green pigment shuts down and what's left breaks down."),
         r("casual", "the tree quits making the green stuff, so the yellow and orange that was hiding "
                     "underneath shows up"),
         r("extra_detail", "As days shorten the tree stops producing chlorophyll, the green breaks down and "
                           "the carotenoids underneath appear; the reds are new pigments some trees make in "
                           "autumn."),
         w("reversed", "The trees start making more chlorophyll, so the green fades and the yellow and orange "
                       "pigments show through."),
         w("wrong_paraphrase", "The cold frost burns the leaves, and the burnt tissue turns yellow and "
                               "orange."),
         w("topic_only", "Autumn leaves are yellow, orange and red, and the colours attract many tourists.")),
    fact("plants", "Why do plants grow toward the light?",
         "A hormone called auxin builds up on the shaded side of the stem and makes those cells grow longer, "
         "so the stem bends toward the light.",
         r("restate", "The growth hormone auxin gathers on the darker side, the cells there stretch more than "
                      "the ones facing the light, and the shoot curves toward the brightness."),
         r("technical", "Phototropism: lateral auxin redistribution to the shaded flank promotes cell "
                        "elongation there, producing curvature toward the light source."),
         w("reversed", "A hormone called auxin builds up on the sunny side of the stem and makes those cells "
                       "grow longer, so the stem bends toward the light."),
         w("wrong_paraphrase", "The cells facing the light die off and shrink, which pulls the stem over toward "
                               "the sun."),
         w("partial", "To get more light for photosynthesis.", 1, "the purpose, not the mechanism asked for")),
    fact("plants", "What do a plant's roots do?",
         "They anchor the plant and take up water and minerals from the soil.",
         r("active_passive", "The plant is held firmly in the ground by them, and water and nutrients are "
                             "absorbed through them."),
         r("casual", "hold it in the ground and suck up water and nutrients"),
         w("swapped_entity", "They anchor the plant and make sugar from sunlight in the soil."),
         w("partial", "They anchor the plant in the soil.", 2, "one of the two functions")),
    fact("plants", "Why do cacti have spines instead of leaves?",
         "Spines lose far less water than leaves, which helps cacti survive in dry places, and they also "
         "protect the plant from animals.",
         r("restate", "Broad leaves would let too much moisture escape in the desert, so cacti have thin "
                      "spines that waste little water and also keep hungry animals away."),
         r("casual", "leaves would dry them out in the desert, spines don't, plus they keep animals off"),
         w("reversed", "Spines lose far more water than leaves, which helps cacti survive in wet places, and "
                       "they also attract animals."),
         w("wrong_paraphrase", "The spines collect all the water the cactus needs from the air, so it doesn't "
                               "need roots."),
         w("partial", "To protect the plant from animals.", 2, "the lesser reason, leaving out water")),
    fact("plants", "What is germination?",
         "The process by which a seed starts to grow into a new plant.",
         r("restate", "When a seed wakes up and begins sprouting into a seedling."),
         r("extra_detail", "The start of a seed's growth: it takes up water, swells, and sends out a root and "
                           "then a shoot."),
         r("casual", "a seed sprouting"),
         w("swapped_entity", "The process by which a flower turns into a seed.", 0,
           "describes seed formation, not germination"),
         w("wrong_paraphrase", "The way pollen gets carried from one flower to another.", 0,
           "describes pollination")),
    # -- history (held out) ----------------------------------------------------------------------
    fact("history", "Why was the printing press so important?",
         "It made books much cheaper and faster to produce, so knowledge spread far more widely.",
         r("reordered_cause", "Ideas could reach far more people because printed books cost far less and "
                              "could be turned out far more quickly than copies made by hand."),
         r("casual", "books got way cheaper and quicker to make, so way more people could get their hands on "
                     "ideas"),
         r("extra_detail", "Gutenberg's movable type, from about 1450, let books be made quickly and cheaply "
                           "in large numbers, which spread learning and helped fuel the Reformation."),
         w("reversed", "It made books much more expensive and slower to produce, so knowledge spread far less "
                       "widely."),
         w("wrong_paraphrase", "It let ordinary people publish their own newspapers for the first time, which "
                               "ended the power of kings."),
         w("topic_only", "The printing press was invented by Gutenberg and used to print the Bible.", 1)),
    fact("history", "Why was the Industrial Revolution so significant?",
         "It moved production from hand work to machines and factories, transforming how people lived and "
         "worked.",
         r("restate", "Goods started being made by powered machinery in factories rather than by hand at home, "
                      "and that changed daily life and work completely."),
         r("casual", "stuff went from being handmade to made by machines in factories, and that changed pretty "
                     "much everything about how people lived"),
         w("reversed", "It moved production from machines and factories back to hand work, transforming how "
                       "people lived and worked."),
         w("wrong_paraphrase", "It was the period when farming was invented, so people stopped hunting and "
                               "settled in villages."),
         w("partial", "It changed how people worked.", 1, "vague; leaves out the move to machines")),
    fact("history", "What was the Cold War?",
         "A long period of political and military rivalry between the United States and the Soviet Union "
         "without a direct war between them.",
         r("extra_detail", "Decades of tension between the USA and the USSR, fought through arms races and proxy "
                      "conflicts, but never as open war between the two."),
         r("casual", "the US and the Soviets being enemies for decades but never actually fighting each other "
                     "head on"),
         w("swapped_entity", "A long period of political and military rivalry between the United States and "
                             "China without a direct war between them."),
         w("wrong_paraphrase", "A war fought between the United States and the Soviet Union in the Arctic."),
         w("negated", "A period of rivalry that ended in a direct war between the United States and the Soviet "
                      "Union.")),
    fact("history", "Why did the Titanic sink?",
         "It struck an iceberg, which opened several of its forward compartments to the sea, and it flooded.",
         r("active_passive", "Several of its front compartments were holed by an iceberg, and more water "
                             "poured in than the ship could survive."),
         r("casual", "hit an iceberg, too many of the front sections filled up with water and down it went"),
         w("negated", "It did not sink because of an iceberg; badly welded hull plates simply gave way."),
         w("swapped_entity", "It struck a reef, which opened several of its forward compartments to the sea, "
                             "and it flooded."),
         w("wrong_paraphrase", "A fire in the coal bunkers caused an explosion that split the hull in two."),
         w("partial", "It struck an iceberg.", 2, "the cause, without the flooding that sank it")),
    fact("history", "What was the Great Wall of China built for?",
         "To protect Chinese states and empires from raids and invasions from the north.",
         r("restate", "As a defence against attacks by peoples from the northern steppes."),
         r("casual", "to keep invaders from the north out"),
         w("negated", "It was not built for defence against the north; it was mainly a road for trade."),
         w("reversed", "To protect Chinese states and empires from raids and invasions from the south."),
         w("wrong_paraphrase", "To keep Chinese citizens from leaving the empire."),
         w("topic_only", "The Great Wall of China was built over many centuries and is thousands of kilometres "
                         "long.", 1)),
    fact("history", "What was the Renaissance?",
         "A cultural movement in Europe, beginning in Italy in the 14th century, that revived interest in "
         "classical art and learning.",
         r("restate", "A rebirth of Greek and Roman ideas in art and scholarship that started in Italy in the "
                      "1300s and spread across Europe."),
         r("minor_omission", "A European revival of classical art and learning."),
         w("swapped_entity", "A cultural movement in Europe, beginning in France in the 18th century, that "
                             "revived interest in classical art and learning."),
         w("wrong_paraphrase", "The period when the Roman Empire was rebuilt and Italy ruled Europe again."),
         w("topic_only", "Leonardo da Vinci and Michelangelo lived during the Renaissance.", 1)),
    fact("history", "Why was the Berlin Wall built?",
         "To stop people from fleeing East Germany to West Berlin.",
         r("restate", "The East German government put it up to keep its own citizens from escaping into the "
                      "West through Berlin."),
         r("casual", "east germany wanted to stop its people running off to the west"),
         w("reversed", "To stop people from fleeing West Berlin to East Germany."),
         w("wrong_paraphrase", "To protect East Germany from an invasion by Western armies.", 0,
           "the official excuse, not the reason"),
         w("topic_only", "The Berlin Wall was built in 1961 and fell in 1989.", 1)),
    # -- language (held out) ---------------------------------------------------------------------
    fact("language", "What is a metaphor?",
         "A figure of speech that describes something by saying it is something else.",
         r("restate", "Calling one thing another to suggest a likeness, without using 'like' or 'as', as in "
                      "'time is a thief'."),
         r("casual", "when you say something IS something else to make a point, like 'my room is a zoo'"),
         w("swapped_entity", "A figure of speech that describes something by saying it is like something else, "
                             "using 'like' or 'as'.", 0, "describes a simile"),
         w("wrong_paraphrase", "An expression that exaggerates wildly, such as 'I've told you a million "
                               "times'.", 0, "describes hyperbole"),
         w("topic_only", "Metaphors are figures of speech found in poems, songs and speeches.")),
    fact("language", "What is an antonym?",
         "A word that means the opposite of another word.",
         r("restate", "A word with the reverse meaning of some other word, as 'hot' is to 'cold'."),
         r("casual", "an opposite, like up and down"),
         w("reversed", "A word that means the same as another word.", 0, "describes a synonym"),
         w("wrong_paraphrase", "A word that sounds the same as another word but is spelled differently.", 0,
           "describes a homophone")),
    fact("language", "What is a synonym?",
         "A word with the same or nearly the same meaning as another word.",
         r("restate", "A different word you can use for the same idea, as 'big' and 'large'."),
         r("other_side", "When two words mean practically the same thing, each is a synonym of the other."),
         w("reversed", "A word with the opposite meaning to another word."),
         w("wrong_paraphrase", "A word that is spelled the same as another word but means something "
                               "different.", 0, "describes a homograph"),
         w("topic_only", "Synonyms can be looked up in a thesaurus.", 1)),
    fact("language", "What is onomatopoeia?",
         "A word that imitates the sound it describes, such as 'buzz' or 'bang'.",
         r("restate", "Words that sound like the noise they name, for example 'sizzle' or 'thud'."),
         r("casual", "words like 'pop' or 'splash' that sound like what they mean"),
         w("swapped_entity", "A word that imitates the shape it describes, such as 'round' or 'flat'."),
         w("wrong_paraphrase", "A word made from the first letters of other words, such as 'NASA'.", 0,
           "describes an acronym")),
    fact("language", "What is a verb?",
         "A word that expresses an action, a state or an occurrence.",
         r("restate", "A doing or being word, such as 'run', 'seem' or 'happen'."),
         r("minor_omission", "A word for an action, like 'jump' or 'write'."),
         w("swapped_entity", "A word that names a person, place or thing.", 0, "describes a noun"),
         w("wrong_paraphrase", "A word that describes a noun, such as 'quick' or 'blue'.", 0,
           "describes an adjective")),
    fact("language", "What is alliteration?",
         "The repetition of the same first consonant sound in words that are close together.",
         r("restate", "Starting several nearby words with the same consonant sound, as in 'Peter Piper picked "
                      "a peck'."),
         r("casual", "when a bunch of words in a row start with the same sound, like 'big bad bear'"),
         w("swapped_entity", "The repetition of the same last sound in words that are close together.", 0,
           "describes rhyme"),
         w("wrong_paraphrase", "Using the same word over and over to make a point."),
         w("topic_only", "Alliteration is a device used in poetry and in advertising slogans.")),
    fact("language", "What is hyperbole?",
         "Deliberate exaggeration used for emphasis or effect.",
         r("restate", "Overstating something on purpose to stress a point, like saying a bag weighs a ton."),
         r("casual", "exaggerating on purpose, like 'I'm so hungry I could eat a horse'"),
         w("reversed", "Deliberate understatement used for emphasis or effect.", 0,
           "describes understatement (litotes)"),
         w("wrong_paraphrase", "An exaggerated claim that the speaker believes is literally true.")),
    fact("language", "What is a palindrome?",
         "A word or phrase that reads the same backwards as forwards.",
         r("restate", "Text you can read from either end and get exactly the same letters, like 'level' or "
                      "'racecar'."),
         r("casual", "a word that's the same spelled backwards, like 'kayak'"),
         w("reversed", "A word or phrase that reads differently backwards than forwards."),
         w("wrong_paraphrase", "A word that can be rearranged to spell another word, like 'listen' and "
                               "'silent'.", 0, "describes an anagram"),
         w("topic_only", "Palindromes are a popular kind of word game.")),
]

STOPWORDS = frozenset("""a an the and or but so of to in on at by for from with as is are was were be been being it
its this that these those they them their there than then which who whom what when where why how not no
into out up down over under about very much more most less least can could would should will do does did
has have had your you our we us i he she his her him also only just all any each such same other another
because while""".split())


def content_words(text: str) -> set[str]:
    """The lower-cased words of ``text`` that are not stopwords (for the overlap figures)."""
    return {t for t in re.findall(r"[a-z0-9]+", text.lower()) if t not in STOPWORDS}


def overlap(output: str, expected: str) -> float:
    """The share of the reference's content words that the output repeats."""
    ref = content_words(expected)
    return len(ref & content_words(output)) / len(ref) if ref else 0.0


def items() -> list[dict]:
    """Every item, in a fixed order (no randomness: the tables are the set).  Checks as it goes that
    every topic is assigned a split and that no train topic holds a held-out family."""
    out: list[dict] = []
    per_topic: Counter = Counter()
    for topic, question, expected, answers in FACTS:
        if topic not in TRAIN_TOPICS + HELD_OUT_TOPICS:
            raise ValueError(f"topic {topic!r} is in no split")
        split = "held_out" if topic in HELD_OUT_TOPICS else "train"
        k = per_topic[topic]
        per_topic[topic] += 1
        for j, (side, kind, family, text, gold, why) in enumerate(answers):
            if split == "train" and family in HELD_OUT_FAMILIES:
                raise ValueError(f"held-out family {family!r} in train topic {topic!r}: {text!r}")
            if not 0 <= gold <= 4 or (side == "right") != (gold >= 3):
                raise ValueError(f"gold {gold} does not fit side {side!r}: {text!r}")
            out.append({"id": f"para-{topic}-{k:02d}-{j}-{kind}", "category": f"{kind}:{side}", "kind": kind,
                        "side": side, "family": family, "split": split, "topic": topic, "input": question,
                        "output": text, "expected": expected, "gold": gold, "why": why})
    return out


def outputs() -> dict[Path, str]:
    """The training file (the train topics) and the held-out test file (the held-out topics)."""
    all_items = items()
    return {TRAIN_OUT: dumps([it for it in all_items if it["split"] == "train"]),
            TEST_OUT: dumps([it for it in all_items if it["split"] == "held_out"])}


def summary(some: list[dict]) -> list[str]:
    """The counts printed under each written file, and how many of the reference's content words
    the answers repeat (right answers should repeat few, wrong ones many)."""
    lines = [f"  by kind and side: {dict(sorted(Counter(it['category'] for it in some).items()))}",
             f"  by family: {dict(sorted(Counter(it['family'] for it in some).items()))}",
             f"  by gold: {dict(sorted(Counter(it['gold'] for it in some).items()))}",
             f"  facts: {len({(it['input'], it['expected']) for it in some})}, "
             f"topics: {', '.join(sorted({it['topic'] for it in some}))}"]
    for side in ("right", "wrong"):
        shares = [overlap(it["output"], it["expected"]) for it in some if it["side"] == side]
        if shares:
            lines.append(f"  {side}: mean share of the reference's content words repeated "
                         f"{sum(shares) / len(shares):.2f}")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if a committed file differs from a fresh run")
    args = ap.parse_args(argv)
    return write_or_check(outputs(), args.check, source="tools.datagen.paraphrase", summary=summary)


if __name__ == "__main__":
    sys.exit(main())
