"""Every message of both catalogues, rendered as a screen would render it, reads as written by
a person (issue 37, item 9 and 10): Korean never prints a particle choice ("암살자이(가)",
"노란 1(으)로") whatever word a field holds, and names no particle after a field but through
the field's spec (ui/josa.py); English says "1 black die" and "2 black dice", "1 Haunted
Quarter card", through the count's spec (``{n:die|dice}``, ui/plurals.py)."""

from __future__ import annotations

import re

import pytest

from ui.i18n import LANGUAGES, Catalog, load_messages

FIELD = re.compile(r"\{(\w+)(?::[^}]*)?\}")
# Fields that hold words (names, characters, lists, sentences); every other field is a count.
WORD_FIELDS = frozenset(
    "name names character other who by winner game colour action resource building district "
    "kind field edition reason error problem outcome progress when date port path file csv json "
    "firmware voice mode setting choices order list counts wages pips payments changes ranks "
    "dice tokens criterion category type why result award plunder first_name".split())
# Words of both final-sound kinds (ui/josa.py): after a vowel (마녀, Mina, 2) and after a
# consonant (도둑, Joon, 3); English fields get an English word.
SAMPLES = {"ko": ({"word": "마녀", "count": 2}, {"word": "도둑", "count": 3}),
           "en": ({"word": "Haunted Quarter", "count": 1}, {"word": "Mina", "count": 2})}
PARTICLE_CHOICE = re.compile(r"\((?:이|가|을|를|은|는|과|와|으|로|으로|이나|나|아|야|이라|라)\)")
BARE_PARTICLE = re.compile(r"\{\w+\}(?:이|가|을|를|은|는|과|와|으로|로)(?![가-힣])")


def own_messages(language: str) -> dict[str, str]:
    """A language's own messages (not those it falls back on)."""
    return load_messages(language)


def render(catalog: Catalog, key: str, sample: dict) -> str:
    names = FIELD.findall(catalog.messages[key])
    return catalog.t(key, **{name: sample["word"] if name in WORD_FIELDS else sample["count"]
                             for name in names})


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_message_prints_a_particle_choice(language):
    """Rendered with words of both kinds, no message prints "(가)", "(를)", "(으)로"..."""
    catalog = Catalog.load(language)
    found = [(key, out) for key in own_messages(language) for sample in SAMPLES[language]
             for out in [render(catalog, key, sample)] if PARTICLE_CHOICE.search(out)]
    assert found == []


def test_a_korean_particle_after_a_field_is_its_spec():
    """"{name}이" would print "마녀이": a particle after a field is always ``{name:이}``."""
    found = [(key, text) for key, text in own_messages("ko").items()
             if BARE_PARTICLE.search(text)]
    assert found == []


def test_the_particles_follow_the_words_of_both_kinds():
    """The check above is not empty: a message with a particle reads right for both kinds."""
    catalog = Catalog.load("ko")
    vowel, consonant = SAMPLES["ko"]
    assert render(catalog, "calling.prompt_assassin", vowel).startswith("마녀: 마녀가 암살할")
    assert render(catalog, "calling.prompt_assassin", consonant).startswith("도둑: 도둑이 암살할")
    assert render(catalog, "troyes.log_defended", vowel).startswith("마녀: 마녀로 검은색 2 퇴치")
    assert render(catalog, "troyes.log_defended", consonant).startswith("도둑: 도둑으로 검은색")


# --- English counts --------------------------------------------------------------------------

NOUNS = dict(pair.split("/") for pair in (
    "die/dice player/players seat/seats district/districts card/cards game/games round/rounds "
    "step/steps token/tokens citizen/citizens denier/deniers space/spaces flag/flags cube/cubes "
    "use/uses point/points score/scores line/lines problem/problems pip/pips "
    "character/characters festival/festivals tile/tiles post/posts pillar/pillars "
    "building/buildings marker/markers warrant/warrants threat/threats time/times").split())
PLURALS = {plural: one for one, plural in NOUNS.items()}
# Words that end the phrase a count counts ("1 to 3 dice", "2 gold a step").
PHRASE_ENDS = {"to", "of", "and", "or", "against", "is", "are", "on", "in", "at", "for", "with",
               "a", "an", "the", "each", "per"}
# A number after these ends a range ("1 to 3 dice") or a share ("1 of 8 districts"): the noun
# follows the range.
RANGE = {"to", "of", "–", "/", "#", "÷", ".", "-", "×"}
WORD = re.compile(r"[\w'-]+|[^\w\s]")


def counted_noun(words: list[str], start: int) -> str | None:
    """The noun a count at ``words[start]`` counts: the last of the nouns among the next
    three words ("1 character card"), stopping at punctuation or a word that ends the phrase."""
    noun = None
    for word in words[start + 1:start + 4]:
        if not word[0].isalnum() or word.lower() in PHRASE_ENDS:
            break
        if word in NOUNS or word in PLURALS:
            noun = word
        elif noun is not None:
            break
    return noun


def wrong_counts(text: str) -> list[str]:
    """"1 dice", "2 die": a count followed by the wrong form of its noun."""
    words = WORD.findall(text)
    out = []
    for i, word in enumerate(words):
        if word not in ("1", "2") or (i and words[i - 1] in RANGE):
            continue
        noun = counted_noun(words, i)
        if noun is not None and (noun in PLURALS) == (word == "1"):
            out.append(" ".join(words[i:i + 4]))
    return out


def test_the_count_check_finds_wrong_plurals():
    assert wrong_counts("1 black dice to roll") == ["1 black dice to"]
    assert wrong_counts("The game has 1 Haunted Quarter cards; the cities hold 2.")
    assert wrong_counts("2 black die") and not wrong_counts("2 character cards are in play")
    assert not wrong_counts("Take 1 to 3 dice: 1 die, 2 dice, 1/2 flags, rank 1 needs one")
    assert not wrong_counts("2 to 1 players; 1 of 1 districts; 2 gold a step; #1 flags")


@pytest.mark.parametrize("count", [1, 2])
def test_english_counts_take_the_right_form_of_their_noun(count):
    catalog = Catalog.load("en")
    sample = {"word": "Haunted Quarter", "count": count}
    found = [(key, wrong) for key in own_messages("en")
             for wrong in wrong_counts(render(catalog, key, sample))]
    assert found == []
