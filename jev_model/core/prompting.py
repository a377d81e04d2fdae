"""Prompt text -> token ids, once: the chat wrap, the answer tokens, the prefix/suffix split.

A prompt is tokenized in two parts so that the prefix ids are the same for every item and
its KV cache can be reused: the prefix (with BOS, or the chat template's own head) through
the prefix cache's ids side, the suffix (the state and the answer cue) apart.  The ids are
carried with the request from then on (lm-eval's ``_encode_pair``); nothing downstream
tokenizes the same text again.

Example:
    >>> prompter = Prompter(tokenizer, PrefixCache())                   # doctest: +SKIP
    >>> prefix, suffix = prompter.encode_parts(Prompt("Rubric\\n", "input: 2+2?\\n\\nAnswer:"))  # doctest: +SKIP
"""

from __future__ import annotations

from jev_model.core.prefix_cache import PrefixCache
from jev_model.core.render import ANSWER_CUE, Prompt
from jev_model.core.rubric import Rubric

_SPLIT = "\x00JEV-SPLIT\x00"


class Prompter:
    """A tokenizer, whether it wraps prompts in a chat template, and the ids cache it fills."""

    def __init__(self, tokenizer, cache: PrefixCache):
        self.tokenizer = tokenizer
        self.cache = cache
        self.chat = bool(getattr(tokenizer, "chat_template", None))
        self._label_pool: list[str] | None = None

    def encode_parts(self, prompt: Prompt, cue_tail: str = "") -> tuple[list[int], list[int]]:
        """The prefix ids (with BOS; cached) and the suffix ids of a prompt."""
        head, tail = self.wrap(Prompt(prompt.prefix, prompt.suffix + cue_tail))
        # a chat template writes its own BOS
        prefix = self.cache.ids(head, lambda text: self.tokenizer.encode(text, add_special_tokens=not self.chat))
        return prefix, self.tokenizer.encode(tail, add_special_tokens=False)

    def wrap(self, prompt: Prompt) -> tuple[str, str]:
        """Apply the chat template where the tokenizer has one; split around the state."""
        if not self.chat:
            return prompt.prefix, prompt.suffix
        text = self.tokenizer.apply_chat_template(
            [{"role": "user", "content": prompt.prefix + _SPLIT + prompt.suffix}],
            tokenize=False, add_generation_prompt=True,
        )
        head, tail = text.split(_SPLIT)
        return head, tail

    def answer_tokens(self, rubric: Rubric) -> tuple[list[int], str]:
        """The ids the model would write for each level right after the answer cue, and what
        to append after the cue.

        After "Answer:" a base model writes " 4" or " A".  SentencePiece (Gemma) spells
        these "▁A" (one token) but "▁", "4" (the space apart): then the cue ends with the
        space and the level token follows.  A chat model answers at the start of its turn,
        where the bare token is what it writes."""
        enc = lambda text: self.tokenizer.encode(text, add_special_tokens=False)  # noqa: E731
        bare = [enc(t)[0] for t in rubric.tokens]
        if self.chat:
            return bare, ""
        cue = enc(ANSWER_CUE)
        conts = [enc(ANSWER_CUE + " " + t)[len(cue):] for t in rubric.tokens]
        if all(len(c) == 1 for c in conts) and len({c[0] for c in conts}) == len(conts):
            return [c[0] for c in conts], ""
        spaced = enc(ANSWER_CUE + " ")
        if all(c == spaced[len(cue):] + [b] for c, b in zip(conts, bare)):
            return bare, " "
        return bare, ""

    @property
    def label_pool(self) -> list[str]:
        """Choice labels that are single tokens in this tokenizer, in order (computed once)."""
        if self._label_pool is None:
            from jev_model.core.questions import LABEL_CANDIDATES

            enc = self.tokenizer.encode
            self._label_pool = [c for c in LABEL_CANDIDATES if len(enc(c, add_special_tokens=False)) == 1]
        return self._label_pool
