"""Syntax colouring of the screen clips: the colour role of every character, as an editor
(code_roles, yaml_roles) or a terminal's programs (session_roles) would colour it.
"""

import re

from .themes import SESSION_COLOURS, SYNTAX


NUMBER = r"(?<![\w.])(?:0[xX][0-9a-fA-F_]+|\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?)[a-zA-Z]*"


def code_roles(language, lines):
    """The colour role of every character of every line, as an editor would colour them."""
    if language == "yaml":
        return [yaml_roles(line) for line in lines]
    spec = SYNTAX[language]
    keywords = set(spec.keywords.split())
    types = set(spec.types.split())
    alternatives = []
    if spec.block_comment:
        alternatives.append(("open_comment", re.escape(spec.block_comment[0])))
    if spec.long_strings:
        alternatives.append(("open_string", "|".join(map(re.escape, spec.long_strings))))
    if spec.line_comment:
        # '#' starts a comment only after white space (not in $# or a URL fragment).
        before = r"(?<!\S)" if spec.line_comment == "#" else ""
        alternatives.append(("comment", before + re.escape(spec.line_comment) + ".*"))
    if spec.annotation:
        alternatives.append(("annotation", spec.annotation))
    alternatives.append(("string", "|".join(f"{re.escape(q)}(?:\\\\.|[^{re.escape(q)}\\\\])*{re.escape(q)}?"
                                            for q in spec.quotes)))
    alternatives += [("number", NUMBER), ("word", r"[A-Za-z_$][\w$]*"), ("other", r"\s+|.")]
    pattern = re.compile("|".join(f"(?P<{name}>{regex})" for name, regex in alternatives))

    result, closing = [], None     # closing: the delimiter that ends an open comment or string
    for text in lines:
        roles = ["plain"] * len(text)
        at = 0
        if closing:
            end = text.find(closing)
            stop = len(text) if end < 0 else end + len(closing)
            roles[:stop] = [closing_role] * stop
            at = stop
            closing = None if end >= 0 else closing
        while at < len(text):
            m = pattern.match(text, at)
            kind, token = m.lastgroup, m.group()
            role = "plain"
            if kind in ("open_comment", "open_string"):
                delimiter = spec.block_comment[1] if kind == "open_comment" else token
                closing_role = "comment" if kind == "open_comment" else "string"
                end = text.find(delimiter, m.end())
                stop = len(text) if end < 0 else end + len(delimiter)
                roles[at:stop] = [closing_role] * (stop - at)
                closing = None if end >= 0 else delimiter
                at = stop
                continue
            if kind in ("comment", "annotation", "number"):
                role = kind
            elif kind == "string":
                role = "property" if language == "json" and re.match(r"\s*:", text[m.end():]) else "string"
            elif kind == "word":
                if (token.upper() if spec.case_insensitive else token) in keywords:
                    role = "keyword"
                elif token in types or (spec.capitalised_types and token[0].isupper()
                                        and any(c.islower() for c in token)):
                    role = "type"
                elif re.match(r"\s*\(", text[m.end():]):
                    role = "function"
            roles[at:m.end()] = [role] * len(token)
            at = m.end()
        result.append(roles)
    return result


def yaml_roles(text):
    roles = ["plain"] * len(text)
    key = re.match(r"(\s*(?:- )?)([\w./@-]+)(?=:(?:\s|$))", text)
    value = key.end() + 1 if key else (re.match(r"\s*(?:- )?", text).end())
    if key:
        roles[key.start(2):key.end(2)] = ["keyword"] * (key.end(2) - key.start(2))
    comment = re.search(r"(?<!\S)#.*", text[value:])
    end = value + comment.start() if comment else len(text)
    if comment:
        roles[end:] = ["comment"] * (len(text) - end)
    for m in re.finditer(r"\S+(?:\s+\S+)*", text[value:end]):
        token = m.group()
        role = "number" if re.fullmatch(NUMBER, token) else \
            "keyword" if token in ("true", "false", "null") else \
            "plain" if token in ("|", ">", "[", "]", "{", "}") else "string"
        roles[value + m.start():value + m.end()] = [role] * len(token)
    return roles


def session_roles(text):
    roles = ["plain"] * len(text)
    for pattern in SESSION_COLOURS:
        for m in re.finditer(pattern, text):
            for name, value in m.groupdict().items():
                if value is not None:
                    start, end = m.span(name)
                    roles[start:end] = [name] * (end - start)
    return roles
