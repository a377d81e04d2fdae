"""Arithmetic the input writes out: ``expressions`` finds "17 × 23", "(3 + 4) * 2 - 1" or
"7 plus 8 times 2" in a token list, and ``safe_eval`` computes them - an ast walk over
whitelisted operators with bounded sizes, never ``eval``.  An unspaced hyphen between
numbers (555-1234) is a range or an identifier, not a subtraction.
"""

from __future__ import annotations

import ast
import math
import operator

from .lexer import Tok, adjacent, num_value

# -- the safe evaluator ---------------------------------------------------------------------------
_BINOPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
           ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.Pow: operator.pow}
_UNOPS = {ast.USub: operator.neg, ast.UAdd: operator.pos}
MAX_EXPR_CHARS = 200
MAX_MAGNITUDE = 1e18


def safe_eval(expr: str) -> float | None:
    """Evaluate an arithmetic expression of numbers, + - * / // % ** and parentheses.

    Anything else (names, calls, attributes, huge powers, results beyond 1e18, division by
    zero) gives None.  Never ``eval``: the parsed tree is walked with a whitelist.

    >>> safe_eval("17 * 23"), safe_eval("2 ** 10 / 4"), safe_eval("__import__('os')"), safe_eval("9 ** 9 ** 9")
    (391, 256.0, None, None)
    """
    if len(expr) > MAX_EXPR_CHARS:
        return None
    try:
        tree = ast.parse(expr, mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None

    def walk(node, depth=0):
        if depth > 40:
            raise ArithmeticError("too deep")
        if isinstance(node, ast.Expression):
            return walk(node.body, depth + 1)
        if isinstance(node, ast.Constant) and type(node.value) in (int, float):
            return node.value
        if isinstance(node, ast.UnaryOp) and type(node.op) in _UNOPS:
            return _UNOPS[type(node.op)](walk(node.operand, depth + 1))
        if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
            left, right = walk(node.left, depth + 1), walk(node.right, depth + 1)
            if isinstance(node.op, ast.Pow) and (abs(right) > 64 or abs(left) > 1e6):
                raise ArithmeticError("power too large")
            out = _BINOPS[type(node.op)](left, right)
            if isinstance(out, complex) or abs(out) > MAX_MAGNITUDE:
                raise ArithmeticError("out of range")
            return out
        raise ArithmeticError(f"not allowed: {type(node).__name__}")

    try:
        value = walk(tree)
    except (ArithmeticError, TypeError, ValueError, RecursionError):  # ZeroDivisionError is an ArithmeticError
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


_OP_SYMBOLS = {"+": "+", "-": "-", "−": "-", "*": "*", "×": "*", "·": "*", "x": "*", "X": "*", "÷": "/",
               "/": "/", "^": "**", "(": "(", ")": ")"}
_OP_WORDS = {"plus": "+", "minus": "-", "times": "*", "multiplied": "*", "divided": "/", "over": None}


def expressions(toks: list[Tok]) -> list[tuple[str, str]]:
    """Arithmetic expressions written in the input: (as written, python form) pairs."""
    out, i = [], 0
    while i < len(toks):
        leading_minus = (toks[i].text in ("-", "−") and i + 1 < len(toks) and toks[i + 1].kind == "num"
                         and adjacent(toks[i], toks[i + 1]) and not (i > 0 and toks[i - 1].kind == "num"))
        glued = i > 0 and toks[i - 1].kind == "word" and adjacent(toks[i - 1], toks[i])  # 1e308, A4, v2
        if (toks[i].kind != "num" or glued) and toks[i].text != "(" and not leading_minus:
            i += 1
            continue
        shown, code, nums, ops, j, depth = [], [], 0, 0, i, 0
        if leading_minus:  # -5 minus 3: the sign belongs to the first number
            shown, code, j = ["-"], ["-"], i + 1
        while j < len(toks):
            t = toks[j]
            prev_num = bool(code) and (code[-1][-1].isdigit() or code[-1] == ")")
            if t.kind == "num":
                if prev_num:
                    break
                value = num_value(t.text)
                if value is None or abs(value) > MAX_MAGNITUDE:
                    break
                shown.append(t.text)
                code.append(repr(value) if "." in t.text or "," in t.text else str(int(value)))
                nums += 1
            elif t.text in _OP_SYMBOLS and t.kind == "sym" or (t.text in ("x", "X") and prev_num):
                op = _OP_SYMBOLS[t.text]
                if op == "-" and prev_num and j + 1 < len(toks) and adjacent(toks[j - 1], t) \
                        and adjacent(t, toks[j + 1]) and toks[j + 1].kind == "num":
                    break  # 555-1234: a range or an identifier, not a subtraction
                if op == ")" and depth == 0:
                    break
                depth += {"(": 1, ")": -1}.get(op, 0)
                if op not in "()":
                    ops += 1 if prev_num else 0
                shown.append("×" if op == "*" else t.text)
                code.append(op)
            elif t.kind == "word" and t.text.lower() in _OP_WORDS and prev_num:
                op = _OP_WORDS[t.text.lower()]
                if op is None:
                    break
                if t.text.lower() in ("multiplied", "divided"):
                    if j + 1 < len(toks) and toks[j + 1].text.lower() == "by":
                        j += 1
                    else:
                        break
                shown.append({"+": "+", "-": "-", "*": "×", "/": "÷"}[op])
                code.append(op)
                ops += 1
            else:
                break
            j += 1
        while code and not (code[-1][-1].isdigit() or code[-1] == ")"):  # trailing operator: "2 + 2 ="
            code.pop()
            shown.pop()
        while code and code.count("(") > code.count(")") and code[0] == "(":
            code.pop(0)
            shown.pop(0)
        if leading_minus and len(shown) > 1:
            shown[0:2] = ["-" + shown[1]]
        if nums >= 2 and ops >= 1:
            out.append((" ".join(shown).replace("( ", "(").replace(" )", ")"), " ".join(code)))
        i = max(j, i + 1)
    return out
