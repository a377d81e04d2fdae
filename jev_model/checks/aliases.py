"""Aliases: other names of one thing, from well-kept tables installed with the package, never
downloaded at run time.  ``keys_of`` gives the things a short answer names, as keys such as
``country:IN``, ``currency:JPY`` or ``element:Ne``; two answers that share a key name the same
thing, which the text checks count as an equal answer.

* countries   - ``pycountry`` (ISO 3166): the name, the official and the common name, the
                "Korea, Republic of" names turned round, the alpha-3 code, and the alpha-2 code
                when written in capitals ("IN", "U.S."); plus the everyday names ISO lacks
                (``COUNTRY_NAMES``: "USA", "America", "Britain", "Bharat", "Holland", ...);
* currencies  - ``pycountry`` (ISO 4217): the name and the code in capitals; plus the everyday
                names ISO lacks (``CURRENCY_NAMES``: "Japanese yen", "British pound", "pounds
                sterling", ...), singular or plural;
* elements    - ``periodictable``: the 118 names (and the British spellings) and the symbols,
                a symbol only as written ("Fe", not "fe").

Initials ("NYC" for "New York City") are not a table: ``text.py`` reads them.  Anything the
tables do not name has no key, and no key says nothing (not "not equal").

    >>> sorted(keys_of("the yen (JPY)")), sorted(keys_of("Japanese yen"))
    (['currency:JPY'], ['currency:JPY'])
    >>> same_thing("India (Bharat).", "Republic of India"), same_thing("Austria", "Australia")
    (True, False)
"""

from __future__ import annotations

import functools
import re

from .normalise import nfkc, tokens

MAX_ALIAS_WORDS = 8  # a longer text is not looked up as a name (bounded work on odd text)

# everyday names ISO 3166 does not list (a key appears in pycountry; the names are lower case, no articles)
COUNTRY_NAMES = {
    "US": ("usa", "us", "u s", "u s a", "america", "united states", "united states of america"),
    "GB": ("uk", "u k", "britain", "great britain", "united kingdom",
           "united kingdom of great britain and northern ireland"),
    "IN": ("bharat", "hindustan"), "NL": ("holland", "netherlands"), "MM": ("burma",), "CI": ("ivory coast",),
    "CZ": ("czech republic",), "RU": ("russia",), "TR": ("turkey", "turkiye"), "SZ": ("swaziland",),
    "CV": ("cape verde",), "TL": ("east timor",), "MK": ("macedonia",), "AE": ("uae", "emirates"),
    "CD": ("drc", "dr congo", "democratic republic of congo", "congo kinshasa"), "CG": ("congo brazzaville",),
    "CN": ("prc", "mainland china"), "KR": ("rok",), "KP": ("dprk",), "VA": ("vatican", "holy see", "vatican city"),
    "VN": ("viet nam",), "LA": ("lao",), "SY": ("syria",), "IR": ("persia",), "LK": ("ceylon",), "TH": ("siam",),
    "BO": ("bolivia",), "VE": ("venezuela",), "TW": ("taiwan", "republic of china", "roc"), "PS": ("palestine",),
    "FM": ("micronesia",), "MD": ("moldova",), "TZ": ("tanzania",),
}
# everyday currency names ISO 4217 does not list
CURRENCY_NAMES = {
    "JPY": ("japanese yen", "yen"), "GBP": ("british pound", "pound sterling", "sterling", "pound", "quid",
                                            "british pound sterling", "uk pound"),
    "USD": ("us dollar", "u s dollar", "american dollar", "united states dollar", "dollar", "greenback"),
    "EUR": ("euro",), "CNY": ("chinese yuan", "yuan", "renminbi", "rmb", "chinese renminbi"),
    "INR": ("indian rupee",), "CHF": ("swiss franc",), "RUB": ("russian ruble", "russian rouble", "rouble", "ruble"),
    "CAD": ("canadian dollar",), "AUD": ("australian dollar",), "NZD": ("new zealand dollar",),
    "KRW": ("south korean won", "korean won"), "MXN": ("mexican peso",), "BRL": ("brazilian real",),
    "ZAR": ("south african rand", "rand"), "SEK": ("swedish krona",), "NOK": ("norwegian krone",),
    "DKK": ("danish krone",), "PLN": ("polish zloty", "zloty"), "TRY": ("turkish lira",), "HKD": ("hong kong dollar",),
    "SGD": ("singapore dollar",), "ILS": ("israeli shekel", "shekel", "new shekel"), "EGP": ("egyptian pound",),
    "THB": ("thai baht", "baht"), "PKR": ("pakistani rupee",), "NGN": ("nigerian naira", "naira"),
}
ELEMENT_SPELLINGS = {"aluminium": "Al", "sulphur": "S", "caesium": "Cs", "cesium": "Cs", "aluminum": "Al"}
_PLURAL = {"pounds": "pound", "dollars": "dollar", "euros": "euro", "rupees": "rupee", "francs": "franc",
           "pesos": "peso", "rubles": "ruble", "roubles": "rouble", "kronor": "krona", "kroner": "krone",
           "reais": "real", "shekels": "shekel", "quids": "quid", "wons": "won", "yens": "yen"}
_BRACKETS = re.compile(r"[()\[\]]")
_CODE = re.compile(r"^(?:[A-Z]\.?){2,3}$")  # "IN", "JPY", "U.S.", "U.S.A."
_SYMBOL = re.compile(r"^[A-Z][a-z]?$")


def _name(words) -> str:
    return " ".join(words)


@functools.cache
def _tables() -> tuple[dict[str, frozenset], dict[str, frozenset]]:
    """(names -> keys, codes as written -> keys), built once on first use."""
    import periodictable
    import pycountry

    names: dict[str, set] = {}
    codes: dict[str, set] = {}

    def add(table, name, key):
        if name:
            table.setdefault(name, set()).add(key)

    for c in pycountry.countries:
        key = f"country:{c.alpha_2}"
        for written in (c.name, getattr(c, "official_name", None), getattr(c, "common_name", None)):
            if written:
                add(names, _name(tokens(written)), key)
                if ", " in written:  # "Korea, Republic of" -> "Republic of Korea"
                    head, tail = written.split(", ", 1)
                    add(names, _name(tokens(f"{tail} {head}")), key)
        add(names, c.alpha_3.lower(), key)
        add(codes, c.alpha_3, key)
        add(codes, c.alpha_2, key)
    for alpha_2, extra in COUNTRY_NAMES.items():
        for name in extra:
            add(names, name, f"country:{alpha_2}")
    for cur in pycountry.currencies:
        key = f"currency:{cur.alpha_3}"
        add(names, _name(tokens(cur.name)), key)
        add(codes, cur.alpha_3, key)
    for code, extra in CURRENCY_NAMES.items():
        for name in extra:
            add(names, name, f"currency:{code}")
    for el in periodictable.elements:
        if el.number:  # 0 is the neutron
            add(names, el.name.lower(), f"element:{el.symbol}")
            add(codes, el.symbol, f"element:{el.symbol}")
    for name, symbol in ELEMENT_SPELLINGS.items():
        add(names, name, f"element:{symbol}")
    return ({k: frozenset(v) for k, v in names.items()}, {k: frozenset(v) for k, v in codes.items()})


def keys_of_words(words: list[str]) -> frozenset:
    """The keys that normalised words name, by name, lower-case alpha-3 code or everyday
    name (``tokens``' output: "usa", "republic of india"); empty when none."""
    if not words or len(words) > MAX_ALIAS_WORDS:
        return frozenset()
    names = _tables()[0]
    hit = names.get(_name(words))
    if hit is None and any(w in _PLURAL for w in words):  # "pounds sterling" -> "pound sterling"
        hit = names.get(_name(_PLURAL.get(w, w) for w in words))
    return hit or frozenset()


def _keys_of_part(part: str) -> frozenset:
    part = part.strip(" \t\n.,;:!?\"'")
    codes = _tables()[1]
    if _CODE.match(part):
        hit = codes.get(part.replace(".", ""), frozenset())
        hit = frozenset(k for k in hit if not k.startswith("element:"))
        if hit:
            return hit | keys_of_words(tokens(part))
    if _SYMBOL.match(part) and part in codes:  # an element's symbol as written
        return codes[part]
    return keys_of_words(tokens(part))


def keys_of(text) -> frozenset:
    """The keys a short answer names: the whole answer's, else the keys every bracketed part
    names ("the yen (JPY)": the yen and JPY are both ``currency:JPY``).

    >>> sorted(keys_of("U.S.")), sorted(keys_of("Neon")), sorted(keys_of("Ne")), keys_of("ne")
    (['country:US'], ['element:Ne'], ['element:Ne'], frozenset())
    """
    text = nfkc(text).strip()
    if not text or len(text) > 200:
        return frozenset()
    whole = _keys_of_part(text)
    if whole:
        return whole
    parts = [p for p in _BRACKETS.split(text) if any(ch.isalnum() for ch in p)]
    if len(parts) < 2:
        return frozenset()
    common = None
    for part in parts:
        keys = _keys_of_part(part)
        if not keys:
            return frozenset()
        common = keys if common is None else common & keys
    return common or frozenset()


def same_thing(a, b) -> bool:
    """Whether two short answers name one thing in the tables ("USA" and "United States")."""
    ka = keys_of(a)
    return bool(ka) and bool(ka & keys_of(b))


def kinds_of(text) -> frozenset:
    """The kinds of thing the tables say a short answer names ("country", "currency",
    "element"): "Ag" and "Au" are of one kind, whatever a sentence encoder makes of them."""
    return frozenset(k.split(":", 1)[0] for k in keys_of(text))
