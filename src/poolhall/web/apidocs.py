"""``/docs``: the REST API as one plain HTML page, built from the OpenAPI document on the server.

FastAPI's own page (Swagger UI) loads its script and style from a CDN: a
third party in every visit, and a page the Content-Security-Policy
(``guard.CSP``: this origin only) would have to open up for. This page has
no script at all: each operation with its summary, parameters, body and
answers, and the schemas as JSON; ``/openapi.json`` stays the machine-readable
source.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any


def _operation(method: str, path: str, op: dict[str, Any]) -> str:
    rows = []
    for param in op.get("parameters", []):
        schema = json.dumps(param.get("schema", {}))
        name, where = escape(param["name"]), escape(param["in"])
        rows.append(f"<li><code>{name}</code> ({where}): <code>{escape(schema)}</code></li>")
    body = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
    if body is not None:
        rows.append(f"<li>body: <code>{escape(json.dumps(body))}</code></li>")
    for status, answer in op.get("responses", {}).items():
        rows.append(f"<li>{escape(str(status))}: {escape(answer.get('description', ''))}</li>")
    summary = escape(op.get("summary", ""))
    description = escape(op.get("description", ""))
    return (
        f'<section id="{escape(op.get("operationId", path))}"><h2><code>{method.upper()} {escape(path)}</code></h2>'
        f"<p><strong>{summary}</strong></p><p>{description}</p><ul>{''.join(rows)}</ul></section>"
    )


def page(spec: dict[str, Any]) -> str:
    """The HTML page of an OpenAPI document (every text escaped)."""
    info = spec.get("info", {})
    paths = spec.get("paths", {})
    operations = [_operation(method, path, op) for path, methods in paths.items() for method, op in methods.items()]
    schemas = spec.get("components", {}).get("schemas", {})
    listed = "".join(
        f'<h3 id="schema-{escape(name)}">{escape(name)}</h3><pre>{escape(json.dumps(schema, indent=2))}</pre>'
        for name, schema in sorted(schemas.items())
    )
    title = escape(f"{info.get('title', 'API')} {info.get('version', '')}")
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}: API</title></head><body>'
        f"<h1>{title}</h1><p>{escape(info.get('description', ''))}</p>"
        f'<p>The same, for programs: <a href="/openapi.json">/openapi.json</a>.</p>'
        f"{''.join(operations)}<h2>Schemas</h2>{listed}</body></html>"
    )
