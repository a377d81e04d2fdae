"""Computed checks: hand-made items, and random text that must never make them raise."""

from __future__ import annotations

import datetime as dt
import random
import string

import pytest

from jev_model.checks import checks_for, find, safe_eval

SEED = {"input": "A key was created on 2026-09-22 with a 90-day expiry. When does it expire?",
        "output": "November 21, 2026.", "expected": "2026-12-21"}


def full(inp, out, exp):
    return checks_for({"input": inp, "output": out, "expected": exp})


def check(inp, out, exp):
    """The findings, without the closing tally (tested on its own below)."""
    line = full(inp, out, exp)
    return line if line is None else line.split("; in all: ")[0]


def equal(line: str) -> bool:
    """The one-value part says the two sides are equal (written once when they read the same)."""
    return "output = expected = " in line or line.endswith(", equal")


def test_the_seed_example():
    assert full(SEED["input"], SEED["output"], SEED["expected"]) == (
        "dates: output 2026-11-21, expected 2026-12-21, not equal, 30 days apart; "
        "input computes 2026-09-22 + 90 days = 2026-12-21 (matches expected, not output); "
        "in all: none of 1 expected found, plus 1 other")


@pytest.mark.parametrize("text", [
    "2026-12-21", "2026/12/21", "12/21/2026", "21-12-2026", "21.12.2026", "December 21, 2026",
    "Dec 21 2026", "Dec. 21st, 2026", "21 December 2026", "the 21st of December, 2026",
    "It expires on Monday, December 21, 2026.", "21/12/2026", "Dec 21, 2026",
])
def test_dates_in_many_formats_normalise_to_iso(text):
    assert find(text).dates == [dt.date(2026, 12, 21)]


@pytest.mark.parametrize("text", ["2026-02-30", "13/13/2026", "February 30, 2026", "May I go?", "mar the surface",
                                  "3/4", "2026", "December 2026"])
def test_non_dates_are_not_dates(text):
    assert find(text).dates == []


def test_date_without_year_compares_by_month_and_day():
    line = check("When?", "December 21", "2026-12-21")
    assert line == "dates: output 12-21 (no year), expected 2026-12-21, equal"


def test_times():
    assert find("at 2:30 pm or 14:30:05, or 9 a.m.").times == ["14:30", "14:30:05", "09:00"]
    assert check("When?", "2:30 pm", "14:30") == "times: output = expected = 14:30"
    assert find("25:00 and 13 pm").times == []


@pytest.mark.parametrize("out,exp,verdict", [
    ("$1,200", "1200 dollars", "equal"),
    ("USD 1,200.00", "$1.2k", "equal"),
    ("€5M", "5 million euros", "equal"),
    ("$1,150", "$1,200", "not equal, differ by 50 (4.2%)"),
    ("$1,200", "EUR 1,200", "not equal, different units (USD vs EUR)"),
])
def test_money(out, exp, verdict):
    line = check("How much?", out, exp)
    assert equal(line) if verdict == "equal" else line.endswith(verdict), line


def test_percentages_and_percent_of():
    assert check("Growth?", "about 12 percent", "12%") == "numbers: output = expected = 12%"
    line = check("What is 15% of $240?", "$36.00", "USD 36")
    assert line.endswith("input computes 15% of USD 240 = USD 36 (matches output and expected)")
    assert "= 36 (matches expected, not output)" in check("What is 15 percent of 240?", "40", "36")


@pytest.mark.parametrize("out,exp", [("5 km", "5000 m"), ("2.5 kg", "2500 g"), ("90 minutes", "1.5 hours"),
                                     ("100 °C", "212 degrees Fahrenheit"), ("36 km/h", "10 m/s"),
                                     ("3 feet", "36 inches"), ("1 GB", "1000 MB")])
def test_units_convert_to_a_base_unit(out, exp):
    assert equal(check("How much?", out, exp))


def test_different_units_and_values():
    assert check("How far?", "5 km", "5 mi").endswith("not equal, differ by 1.89314 mi (38%)")


def test_arithmetic_in_the_input_is_computed():
    assert check("What is 17 × 23?", "381", "391").endswith("input computes 17 × 23 = 391 (matches expected, not output)")
    assert check("What is 17 x 23?", "391", "391").endswith("(matches output and expected)")
    assert "input computes (3 + 4) × 2 - 1 = 13" in check("Compute (3 + 4) * 2 - 1.", "13", "13")
    assert "input computes 7 + 8 × 2 = 23" in check("What's 7 plus 8 times 2?", "30", "23")
    assert "10 ÷ 4 = 2.5" in check("What is 10 divided by 4?", "2.5", "2,5")
    assert "= -2 (matches output and expected)" in check("-5 minus -3", "-2", "−2")


def test_date_arithmetic_in_the_input():
    assert check("What date is 3 weeks after March 3, 2026?", "March 24th, 2026", "24 March 2026").endswith(
        "input computes 2026-03-03 + 21 days = 2026-03-24 (matches output and expected)")
    assert "2026-05-31 - 2 months = 2026-03-31" in check("Which date is 2 months before 2026-05-31?",
                                                          "2026-03-31", "03/31/2026")
    assert check("How many days between 2026-01-01 and 2026-03-01?", "60 days", "59").endswith(
        "input computes days from 2026-01-01 to 2026-03-01 = 59 (matches expected, not output)")


def test_dates_and_identifiers_are_not_arithmetic():
    # the answers are compared as text; nothing in the input is computed
    assert check("Created 2026-09-22; call 555-1234.", "yes", "yes") == "yes/no: output yes, expected yes, equal"
    assert check("Use an A4 sheet and version v2.", "ok", "ok") == "answer: equal"


def test_multi_part_answers():
    assert full("Which?", "3 apples and 5 oranges", "5 oranges, 3 apples") == (
        "numbers: output 3, 5; expected 5, 3; the same; in all: all 2 expected found, nothing else")
    assert full("Which?", "3 apples and 5 oranges", "5 oranges, 3 apples, 7 pears").endswith(
        "; missing 7; in all: 2 of 3 expected found, nothing else")
    assert full("Which?", "3, 5 and 7", "3 and 5").endswith(
        "; all found, output adds 7; in all: all 2 expected found, plus 1 other")


@pytest.mark.parametrize("out,exp,tally", [
    # every kind is counted together: a date and its weekday are two expected values
    ("Nov 8, 2025, a Saturday", "2025-11-08, Saturday", "all 2 expected found, nothing else"),
    ("Nov 8, 2025", "2025-11-08, Saturday", "1 of 2 expected found, nothing else"),
    ("Nov 8, 2025, a Friday", "2025-11-08, Saturday", "1 of 2 expected found, plus 1 other"),
    ("Nov 9, 2025, a Sunday", "2025-11-08, Saturday", "none of 2 expected found, plus 2 others"),
    # a kind the reference does not have is still an added value (a weekday the reference does not give)
    ("26 November 2025, which is a Wednesday.", "2025-11-26",
     "all 1 expected found, plus 1 other"),
    ("no idea", "42", "none of 1 expected found, nothing else"),
])
def test_the_closing_tally_counts_expected_values_found_and_values_added(out, exp, tally):
    assert full("Which?", out, exp).endswith("; in all: " + tally)


@pytest.mark.parametrize("inp,out,exp", [
    ("What is the capital of France?", "Paris", "Paris is the capital of France."),
    ("Who wrote Hamlet?", "Shakespeare, around 1600.", "William Shakespeare"),
    ("What is the largest planet?", "Jupiter is the largest planet in the solar system.", "Jupiter"),
    ("Which gas do plants absorb?", "Carbon dioxide", "CO2"),
    ("May I ask what a march is?", "A walk in step.", "An organised walk"),
])
def test_general_knowledge_finds_no_values_only_text(inp, out, exp):
    """No dates or numbers are read in these ("march", "CO2"); the answers are compared as text."""
    line = check(inp, out, exp)
    assert line.startswith("answer") and "numbers" not in line and "dates" not in line


def test_only_output_quantities_are_extra_detail_not_findings():
    line = full("Who was first on the moon?", "Neil Armstrong, in 1969", "Neil Armstrong")
    assert line == "answer: expected found in output"  # the year is detail the rubric judges, not a finding


def test_expected_assertion_is_read_as_the_reference():
    line = checks_for({"input": "17 × 23?", "output": "391", "expected_assertion": "The answer is 391."})
    assert line.startswith("numbers: output = expected = 391")


def test_safe_eval_refuses_what_is_not_arithmetic():
    assert safe_eval("17 * 23") == 391
    for bad in ["__import__('os').system('true')", "a + 1", "(lambda: 1)()", "9 ** 9 ** 9", "10 ** 100",
                "1 / 0", "[1] * 3", "'a' * 3", "1e308 * 10", "(" * 300 + "1" + ")" * 300, "1 if 1 else 2"]:
        assert safe_eval(bad) is None, bad


def test_odd_values_never_raise():
    for value in [None, 5, 2.5, {"a": "2026-01-01"}, ["1", "2"], "", "\x00\ud800", "9" * 10000,
                  "1 + " * 3000 + "1", "-" * 500, "$" * 100 + "1", "°°°C", "31/31/3131", "0000-00-00"]:
        checks_for({"input": value, "output": value, "expected": value})
    assert checks_for({}) is None and checks_for("not a dict") is None and checks_for({"output": "1"}) is None


def test_random_text_never_raises():
    rng = random.Random(7)
    pieces = ["January", "Nov", "21st", "of", "2026", "-", "/", ":", "pm", "a.m.", "km", "h", "%", "$", "USD",
              "million", "k", "x", "×", "(", ")", "days", "after", "before", "°", "C", "degrees", "percent",
              "plus", "times", "divided", "by", "^", "**", "9" * 40, "1,2,3", "1.2.3", "0", "31", "13", "Feb",
              "2026-02-30", "9999-99-99", "0000-01-01", "1e308", "−", "÷", "99999999"]
    alphabet = string.printable + "×÷−°€£¥₹" + string.digits * 3
    for n in range(1500):
        if n % 2:
            texts = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60))) for _ in range(3)]
        else:
            texts = [rng.choice(["", " "]).join(rng.choice(pieces) for _ in range(rng.randint(0, 25)))
                     for _ in range(3)]
        line = checks_for({"input": texts[0], "output": texts[1], "expected": texts[2]})
        assert line is None or (isinstance(line, str) and line)


def test_numbers_inside_names_are_not_quantities():
    assert find("CO2, H2O, an A4 sheet, 4G and 3D, version v2").quantities == []
    assert [q.show() for q in find("USD1200 and 5km").quantities] == ["USD 1200", "5 km (= 5000 m)"]


@pytest.mark.parametrize("text", ["September 7, 2024", "Sept 7, 2024", "7 Sept 2024", "7th of September 2024"])
def test_september_in_all_spellings(text):
    assert find(text).dates == [dt.date(2024, 9, 7)]


def test_weekdays():
    assert find("Tuesday, Wed 2024-01-03, and Fri 2024-01-05.").weekdays == [1, 2, 4]
    assert find("Fri").weekdays == [4]
    assert find("Which planet is closest to the Sun? A sun-dried tomato. Sat down.").weekdays == []
    assert check("What day of the week is December 15, 2026?", "Wednesday", "Tuesday") == (
        "weekdays: output Wednesday, expected Tuesday, not equal; "
        "input computes weekday of 2026-12-15 = Tuesday (matches expected, not output)")
    assert check("What date is 90 days after 2024-02-16, and what day of the week is it?",
                 "2024-05-17, a Thursday", "2024-05-16, Thursday").endswith(
        "input computes weekday of 2024-05-16 = Thursday (matches output and expected)")


@pytest.mark.parametrize("inp,computed", [
    ("Multiply 32 by 282.", "32 × 282 = 9024"),
    ("What is the sum of 1, 2, and 3?", "1 + 2 + 3 = 6"),
    ("Subtract 3 from 10.", "10 - 3 = 7"),
    ("Divide 9 by 4.", "9 ÷ 4 = 2.25"),
    ("A price of $320 rises by 30%. What is the new price?", "USD 320 + 30% = USD 416"),
    ("A $50 jacket is 20% off. What does it cost?", "USD 50 - 20% = USD 40"),
    ("How many metres are in 2.25 km?", "2.25 km in metres = 2250 metres"),
    ("Convert 3 ft to cm.", "3 ft in cm = 91.44 cm"),
])
def test_stated_computations_in_words(inp, computed):
    assert f"input computes {computed}" in check(inp, "0", "0")


def test_number_words_and_days_in_days():
    assert check("Atomic number of carbon?", "Six.", "6") == "numbers: output = expected = 6"
    assert check("How long?", "298 days", "297 days").startswith(
        "numbers: output 298 days, expected 297 days, not equal, differ by 1 day")


def test_temperatures_at_zero():
    assert check("Convert 0 °F to Celsius", "0 °F", "0 °C").endswith("not equal, differ by 17.7778 °C")
    assert equal(check("Convert 0 °F to Celsius", "32 °F", "0 °C"))


def test_random_quantities_never_raise():
    """Structured fuzz: numbers (zero, negative, huge) with every unit, currency and operator word."""
    from jev_model.checks import quantities

    rng = random.Random(11)
    units = list(quantities.UNIT_SYMBOLS) + list(quantities.UNIT_WORDS) + ["°C", "°F", "degrees Fahrenheit", "%", "km/h"]
    nums = ["0", "-0", "1", "-1", "32", "0.0", "1.5", "1,000", "0,5", "-40", "1e5", "9" * 25]
    words = ["of", "by", "to", "in", "how many", "convert", "rises", "off", "plus", "times", "multiply", "divide",
             "add", "subtract", "sum of", "product of", "and", ",", "after", "before", "days", "between",
             "2026-01-31", "Feb 29, 2024", "weekday", "(", ")", "×", "÷", "-", "/", "^", "x", "Sun", "Monday"]

    def piece():
        if rng.random() < 0.4:
            return rng.choice(["", "$", "€", "USD "]) + rng.choice(nums) + rng.choice(["", " "]) + rng.choice(["", *units])
        return rng.choice(words)

    for _ in range(1500):
        fields = {k: " ".join(piece() for _ in range(rng.randint(0, 8))) for k in ("input", "output", "expected")}
        line = checks_for(fields)
        assert line is None or isinstance(line, str)
