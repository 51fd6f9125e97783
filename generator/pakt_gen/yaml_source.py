"""YAML with source positions: PyYAML's node graph, read without losing line and column.

The loader works on nodes (not on constructed Python values) so that every diagnostic can point
at the offending key or value, and so that duplicate keys — which PyYAML would silently merge —
are reported.
"""

from typing import Any, List, Optional, Tuple

import yaml

from .diagnostics import Diagnostics, Location


class _Constructor(yaml.constructor.SafeConstructor):
    pass


_constructor = _Constructor()

STR_TAG = "tag:yaml.org,2002:str"


class _TagCheckingLoader(yaml.SafeLoader):
    """SafeLoader's composer, noting every node written with an explicit tag other than `!!str` on
    a scalar: schemas are plain YAML, and other tags (`!foo`, `!!python/...`, `!!binary`, `!!int`
    on text) would make the constructor fail or build values no schema key accepts."""

    def __init__(self, text: str):
        super().__init__(text)
        self.unsupported_tags: List[yaml.Node] = []

    def compose_node(self, parent, index):
        event = self.peek_event()
        tag = getattr(event, "tag", None)
        node = super().compose_node(parent, index)
        if tag not in (None, "!") and not (tag == STR_TAG and isinstance(node, yaml.ScalarNode)):
            self.unsupported_tags.append(node)
        return node


def shown_tag(tag: str) -> str:
    return "!!" + tag[len("tag:yaml.org,2002:"):] if tag.startswith("tag:yaml.org,2002:") else tag


def parse(path: str, text: str, diags: Diagnostics) -> Optional[yaml.Node]:
    """Returns the document's root node, or None after reporting a syntax error or a YAML tag."""
    try:
        loader = _TagCheckingLoader(text)
        try:
            root = loader.get_single_node()
        finally:
            loader.dispose()
        for node in loader.unsupported_tags:
            diags.error(loc(path, node), f"unsupported YAML tag '{shown_tag(node.tag)}' (schemas are plain YAML; "
                                         f"only !!str is allowed, on a scalar)")
        return None if loader.unsupported_tags else root
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = e.problem or e.context or "invalid YAML"
        if e.context and e.problem:
            problem = f"{e.context}: {e.problem}"
        diags.error(Location(path, line, col), f"YAML syntax error: {problem}")
    except yaml.YAMLError as e:
        diags.error(Location(path, 1, 1), f"YAML error: {e}")
    return None


def loc(path: str, node: yaml.Node) -> Location:
    return Location(path, node.start_mark.line + 1, node.start_mark.column + 1)


def is_map(node: yaml.Node) -> bool:
    return isinstance(node, yaml.MappingNode)


def is_seq(node: yaml.Node) -> bool:
    return isinstance(node, yaml.SequenceNode)


def is_scalar(node: yaml.Node) -> bool:
    return isinstance(node, yaml.ScalarNode)


def value(node: yaml.Node) -> Any:
    """The plain Python value of a node (scalars, and whole collections for examples)."""
    if is_scalar(node):
        return _constructor.construct_object(node, deep=True)
    if is_seq(node):
        return [value(n) for n in node.value]
    if is_map(node):
        return {value(k): value(v) for k, v in node.value}
    return None


def is_null(node: yaml.Node) -> bool:
    return is_scalar(node) and node.tag == "tag:yaml.org,2002:null"


def mapping_items(path: str, node: yaml.Node, diags: Diagnostics) -> List[Tuple[str, yaml.Node, yaml.Node]]:
    """(key, key node, value node) in document order; reports duplicate and non-string keys."""
    items = []
    seen = {}
    for key_node, value_node in node.value:
        key = value(key_node) if is_scalar(key_node) else None
        if not isinstance(key, str):
            # YAML 1.1 reads `on`, `yes`, `no` as booleans; take the key as written.
            if is_scalar(key_node) and isinstance(key, (bool, int, float)):
                key = key_node.value
            else:
                diags.error(loc(path, key_node), "keys must be plain names")
                continue
        if key in seen:
            first = seen[key]
            diags.error(loc(path, key_node), f"duplicate key '{key}' (first defined at line {first.start_mark.line + 1})")
            continue
        seen[key] = key_node
        items.append((key, key_node, value_node))
    return items
