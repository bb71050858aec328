"""Build the sample library shipped in ``resources/sample_library/characters``.

A party of four classic player characters, six classic NPC types, two 0.8
player characters and five 0.8 NPC types (bandits and their chief, a guard, an
archer, a wolf: enough for a 0.8 encounter from the samples alone), equipped
from the built-in catalogues. The characters are our own; only the equipment
numbers come from YAGS (credited in the catalogues).

    python packaging/make_sample_library.py          # write the files
    python packaging/make_sample_library.py --check  # exit 1 if they differ
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from generated import write_or_check  # packaging/generated.py, beside this script

from yags_desk.rules.catalogue import Catalogue, catalogue_from_document
from yags_desk.rules.character import Character, Skill, WornArmour, default_attributes
from yags_desk.rules.editions import Edition
from yags_desk.rules.items import Armour, Weapon

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "resources" / "sample_library" / "characters"


def _catalogue(edition: Edition) -> Catalogue:
    doc = json.loads((ROOT / "resources" / "catalogues" / f"{edition}.json").read_text("utf-8"))
    _, items = catalogue_from_document(doc)
    return Catalogue(edition, items)


CLASSIC = _catalogue("classic")
V08 = _catalogue("0.8")


def w(cat: Catalogue, item_id: str) -> Weapon:
    item = cat.get(item_id)
    assert isinstance(item, Weapon)
    return item


def arm(cat: Catalogue, item_id: str, coverage: str | None = None) -> WornArmour:
    item = cat.get(item_id)
    assert isinstance(item, Armour)
    return WornArmour(item=item, coverage=coverage)  # type: ignore[arg-type]


def skills(**kw: int | tuple[int, str]) -> tuple[Skill, ...]:
    out = []
    for key, v in kw.items():
        name = key.replace("_", " ").capitalize()
        value, diff = (v, None) if isinstance(v, int) else v
        out.append(Skill(name=name, value=value, difficulty=diff))  # type: ignore[arg-type]
    return tuple(out)


def classic_char(sid: str, name: str, attrs: dict[str, int], **kw: Any) -> Character:
    a = default_attributes("classic")
    a.update(attrs)
    return Character(id=sid, name=name, edition="classic", attributes=a, **kw)


def v08_char(sid: str, name: str, attrs: dict[str, int], **kw: Any) -> Character:
    a = default_attributes("0.8")
    a.update(attrs)
    return Character(id=sid, name=name, edition="0.8", attributes=a, **kw)


BITE = Weapon(id="wolf-bite", name="Bite", edition="classic", kind="melee", init=3, attack=2,
              defence=0, damage=4, skill="brawling", properties=("natural",),
              notes="A wolf's jaws; a natural weapon that wounds.")

# 0.8 has no bestiary in the reference: a wolf is Size 4 (core.md, size table),
# its bite a natural weapon with no reach (combat-melee.yags, unarmed attacks).
BITE_08 = Weapon(id="wolf-bite-08", name="Bite", edition="0.8", kind="melee", attack=2,
                 defence=0, damage=6, reach=0, classes=("brawl",),
                 notes="A wolf's jaws; a natural weapon that wounds.")


def build() -> list[Character]:
    c = CLASSIC
    party = [
        classic_char(
            "sample-aldric", "Aldric of Thornbury",
            {"strength": 14, "stamina": 13, "agility": 12, "dexterity": 13, "perception": 11,
             "will": 12},
            player="Sam", kind="pc",
            skills=skills(weapon_and_shield=(125, "average"), single_weapon=(100, "easy"),
                          brawling=(75, "average"), riding=(75, "average"),
                          athletics=(50, "average"), first_aid=(25, "average")),
            weapons=(w(c, "long-sword"), w(c, "dagger")), shield=w(c, "round-shield"),
            armour=(arm(c, "chain-mail", "half"),),
            notes="Sworn sword of the Thornbury manor; leads from the front."),
        classic_char(
            "sample-mira", "Mira Swiftwater",
            {"strength": 11, "agility": 14, "dexterity": 13, "perception": 15,
             "intelligence": 11},
            player="Jo", kind="pc",
            skills=skills(bow=(125, "average"), single_weapon=(75, "easy"),
                          brawling=(50, "average"), throw=(50, "average"),
                          athletics=(75, "average"), first_aid=(50, "average")),
            weapons=(w(c, "bow"), w(c, "short-sword"), w(c, "knife")),
            armour=(arm(c, "heavy-leather", "half"),),
            notes="Scout and archer; keeps to the back row."),
        classic_char(
            "sample-torvald", "Torvald Ironhand",
            {"strength": 17, "stamina": 16, "agility": 11, "dexterity": 12, "will": 6},
            player="Alex", kind="pc",
            skills=skills(great_weapon=(100, "average"), berserk=(125, "hard"),
                          brawling=(75, "average"), athletics=(50, "average")),
            advantages=("Berserker",),
            weapons=(w(c, "great-axe"), w(c, "knife")),
            armour=(arm(c, "quilted-fur", "full"),),
            notes="Goes berserk when hurt; Stamina 16, Will 6, Berserk 125%."),
        classic_char(
            "sample-elin", "Sister Elin",
            {"strength": 10, "agility": 11, "dexterity": 12, "intelligence": 13,
             "empathy": 14, "will": 13},
            player="Ruth", kind="pc",
            skills=skills(first_aid=(125, "average"), chirurgery=(75, "hard"),
                          great_weapon=(50, "average"), brawling=(50, "average")),
            weapons=(w(c, "quarterstaff"), w(c, "knife")),
            armour=(arm(c, "quilted-fur", "half"),),
            notes="Healer of the party; carries bandages and herbs."),
    ]
    npcs = [
        classic_char(
            "sample-guard", "Town guard", {"strength": 12, "stamina": 11, "agility": 10,
                                           "dexterity": 11},
            kind="npc",
            skills=skills(weapon_and_shield=75, single_weapon=75, brawling=50),
            weapons=(w(c, "spear"), w(c, "club")), shield=w(c, "round-shield"),
            armour=(arm(c, "ring-mail", "half"),)),
        classic_char(
            "sample-bandit", "Bandit", {"strength": 11, "agility": 12, "dexterity": 12},
            kind="npc",
            skills=skills(two_weapons=75, single_weapon=75, brawling=75),
            weapons=(w(c, "short-sword"), w(c, "dagger")),
            armour=(arm(c, "heavy-leather", "half"),)),
        classic_char(
            "sample-archer", "Archer", {"strength": 11, "agility": 12, "perception": 13},
            kind="npc",
            skills=skills(bow=100, brawling=50, single_weapon=50),
            weapons=(w(c, "bow"), w(c, "knife")),
            armour=(arm(c, "quilted-fur", "half"),)),
        classic_char(
            "sample-berserker", "Northern berserker",
            {"strength": 16, "stamina": 15, "agility": 11, "dexterity": 11, "will": 7},
            kind="npc", advantages=("Berserker",),
            skills=skills(single_weapon=100, berserk=100, brawling=75),
            weapons=(w(c, "axe"),),
            armour=(arm(c, "quilted-fur", "full"),)),
        classic_char(
            "sample-knight", "Knight", {"strength": 15, "stamina": 14, "agility": 12,
                                        "dexterity": 13, "will": 13},
            kind="npc",
            skills=skills(weapon_and_shield=125, single_weapon=100, riding=100, brawling=50,
                          battle=50),
            weapons=(w(c, "long-sword"), w(c, "mace")), shield=w(c, "round-shield"),
            armour=(arm(c, "chain-mail", "full"),)),
        classic_char(
            "sample-wolf", "Wolf", {"strength": 9, "stamina": 12, "agility": 15,
                                    "dexterity": 8, "perception": 15, "intelligence": 3,
                                    "empathy": 4, "will": 8},
            kind="npc",
            skills=skills(brawling=100, athletics=100),
            weapons=(BITE,),
            notes="A grey wolf; hunts in packs and goes for the legs."),
    ]
    v = V08
    v08s = [
        v08_char(
            "sample-brenna", "Brenna Ash", {"strength": 4, "health": 4, "agility": 3,
                                            "dexterity": 4, "perception": 3},
            player="Kim", kind="pc",
            skills=skills(weapon_and_shield=5, single_weapon=4, brawl=3, athletics=3),
            weapons=(w(v, "broad-sword"), w(v, "dagger")), shield=w(v, "round-shield"),
            armour=(arm(v, "mail-shirt"), arm(v, "metal-helm")),
            notes="Mercenary captain (YAGS 0.8 rules)."),
        v08_char(
            "sample-kestrel", "Kestrel", {"strength": 3, "agility": 4, "dexterity": 4,
                                          "perception": 5},
            player="Lee", kind="pc",
            # First aid: a 0.8 healing record from the samples alone can give first
            # aid and a carer's bonus (issue 16 audit, item 10).
            skills=skills(bow=5, brawl=3, single_weapon=3, awareness=4, stealth=4,
                          first_aid=2),
            weapons=(w(v, "long-bow"), w(v, "short-sword")),
            armour=(arm(v, "leather-jacket"),),
            notes="Hunter and tracker who can bind a wound in the field (YAGS 0.8 rules)."),
    ]
    v08_npcs = [
        v08_char(
            "sample-bandit-08", "Bandit (0.8)", {"agility": 4},
            kind="npc", skills=skills(single_weapon=4, brawl=3, stealth=3),
            weapons=(w(v, "short-sword"), w(v, "knife")),
            armour=(arm(v, "leather-jacket"),),
            notes="A road bandit: quick, lightly armoured (YAGS 0.8 rules)."),
        v08_char(
            "sample-bandit-chief-08", "Bandit chief (0.8)",
            {"strength": 4, "health": 4, "agility": 4, "dexterity": 4, "intelligence": 4,
             "will": 4},
            kind="npc", skills=skills(weapon_and_shield=5, single_weapon=5, brawl=4),
            weapons=(w(v, "broad-sword"), w(v, "dagger")), shield=w(v, "buckler"),
            armour=(arm(v, "mail-shirt"), arm(v, "metal-helm")),
            notes="Leads the bandits; better armed and armoured (YAGS 0.8 rules)."),
        v08_char(
            "sample-guard-08", "Town guard (0.8)", {"strength": 4, "health": 4},
            kind="npc",
            skills=skills(longshaft_weapon=4, weapon_and_shield=4, brawl=3, awareness=3),
            weapons=(w(v, "war-spear"), w(v, "club")), shield=w(v, "round-shield"),
            armour=(arm(v, "gambeson"), arm(v, "metal-helm")),
            notes="A watchman with spear, or club and shield (YAGS 0.8 rules)."),
        v08_char(
            "sample-archer-08", "Archer (0.8)", {"dexterity": 4, "perception": 4},
            kind="npc", skills=skills(bow=5, brawl=3, single_weapon=2, awareness=4),
            weapons=(w(v, "short-bow"), w(v, "knife")),
            armour=(arm(v, "leather-jacket"),),
            notes="Shoots from cover; a knife for when the enemy closes (YAGS 0.8 rules)."),
        v08_char(
            "sample-wolf-08", "Wolf (0.8)",
            {"strength": 3, "health": 4, "agility": 5, "dexterity": 2, "perception": 6,
             "intelligence": 1, "empathy": 2, "size": 4},
            kind="npc", skills=skills(brawl=4, athletics=5, awareness=5),
            weapons=(BITE_08,), base_soak=11,
            notes="A grey wolf, Size 4; soak 11 for its size is this sample's choice "
                  "(YAGS 0.8 rules)."),
    ]
    return party + npcs + v08s + v08_npcs


def render(ch: Character) -> str:
    doc = {"schema_version": 1, "kind": "character", "data": ch.model_dump(mode="json")}
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def file_name(ch: Character) -> str:
    return ch.id.removeprefix("sample-") + ".json"


def main(argv: list[str]) -> int:
    files = {OUT / file_name(ch): render(ch) for ch in build()}
    return write_or_check(files, argv, "characters")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
