"""A fake model API on 127.0.0.1 for the CLIs that need a model (Claude Code, Codex).

It records every request (method, path, JSON body) and answers each with the smallest reply that
lets the CLI finish its turn: one assistant text, "ok", and a normal stop. A driver may pass
``plan``: given a request body, the tool calls to answer with instead (name -> arguments), so
that the CLI calls its MCP tools and the next request shows what each call returned. Answered:
Anthropic Messages (``/v1/messages``, streamed or not, and ``count_tokens``), OpenAI Responses
(``/v1/responses``, streamed), Chat Completions (``/v1/chat/completions``) and the Gemini API
(``…/models/<model>:generateContent``; ``gemini_plan`` gets the model name and the body and
returns the function calls to answer with, at most one a turn suits the SDKs' automatic
function calling); anything else gets an empty JSON object. Nothing is forwarded anywhere.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

ANSWER = "ok"


def _sse(events: list[tuple[str | None, dict[str, Any]]]) -> bytes:
    out = []
    for name, data in events:
        if name:
            out.append(f"event: {name}\n")
        out.append(f"data: {json.dumps(data)}\n\n")
    return "".join(out).encode()


def anthropic_stream(model: str, calls: dict[str, Any] | None = None) -> bytes:
    message: dict[str, Any] = {
        "id": "msg_conformance", "type": "message", "role": "assistant", "model": model,
        "content": [], "stop_reason": None, "stop_sequence": None,
        "usage": {"input_tokens": 1, "output_tokens": 1}}
    if calls:
        events: list[tuple[str | None, dict[str, Any]]] = [
            ("message_start", {"type": "message_start", "message": message})]
        for index, (name, arguments) in enumerate(calls.items()):
            events += [
                ("content_block_start", {"type": "content_block_start", "index": index,
                                         "content_block": {"type": "tool_use",
                                                           "id": f"toolu_{index:04d}",
                                                           "name": name, "input": {}}}),
                ("content_block_delta", {"type": "content_block_delta", "index": index,
                                         "delta": {"type": "input_json_delta",
                                                   "partial_json": json.dumps(arguments)}}),
                ("content_block_stop", {"type": "content_block_stop", "index": index}),
            ]
        events += [
            ("message_delta", {"type": "message_delta",
                               "delta": {"stop_reason": "tool_use", "stop_sequence": None},
                               "usage": {"output_tokens": 1}}),
            ("message_stop", {"type": "message_stop"}),
        ]
        return _sse(events)
    return _sse([
        ("message_start", {"type": "message_start", "message": message}),
        ("content_block_start", {"type": "content_block_start", "index": 0,
                                 "content_block": {"type": "text", "text": ""}}),
        ("content_block_delta", {"type": "content_block_delta", "index": 0,
                                 "delta": {"type": "text_delta", "text": ANSWER}}),
        ("content_block_stop", {"type": "content_block_stop", "index": 0}),
        ("message_delta", {"type": "message_delta",
                           "delta": {"stop_reason": "end_turn", "stop_sequence": None},
                           "usage": {"output_tokens": 1}}),
        ("message_stop", {"type": "message_stop"}),
    ])


def anthropic_message(model: str) -> dict[str, Any]:
    return {"id": "msg_conformance", "type": "message", "role": "assistant", "model": model,
            "content": [{"type": "text", "text": ANSWER}], "stop_reason": "end_turn",
            "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 1}}


def responses_stream(model: str) -> bytes:
    item = {"type": "message", "id": "msg_conformance", "status": "completed",
            "role": "assistant",
            "content": [{"type": "output_text", "text": ANSWER, "annotations": []}]}
    response = {"id": "resp_conformance", "object": "response", "status": "completed",
                "model": model, "output": [item],
                "usage": {"input_tokens": 1, "output_tokens": 1, "total_tokens": 2,
                          "input_tokens_details": {"cached_tokens": 0},
                          "output_tokens_details": {"reasoning_tokens": 0}}}
    created = {**response, "status": "in_progress", "output": []}
    return _sse([
        ("response.created", {"type": "response.created", "response": created}),
        ("response.output_item.added", {"type": "response.output_item.added",
                                        "output_index": 0, "item": {**item, "content": []}}),
        ("response.output_text.delta", {"type": "response.output_text.delta",
                                        "item_id": "msg_conformance", "output_index": 0,
                                        "content_index": 0, "delta": ANSWER}),
        ("response.output_item.done", {"type": "response.output_item.done", "output_index": 0,
                                       "item": item}),
        ("response.completed", {"type": "response.completed", "response": response}),
    ])


def chat_stream(model: str) -> bytes:
    chunk = {"id": "chatcmpl-conformance", "object": "chat.completion.chunk", "model": model,
             "choices": [{"index": 0, "delta": {"role": "assistant", "content": ANSWER},
                          "finish_reason": None}]}
    done = {**chunk, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}
    return _sse([(None, chunk), (None, done)]) + b"data: [DONE]\n\n"


def gemini_answer(calls: dict[str, Any] | None) -> dict[str, Any]:
    """A generateContent response: the function calls asked for, else the text "ok"."""
    parts: list[dict[str, Any]] = (
        [{"functionCall": {"name": name, "args": arguments}}
         for name, arguments in calls.items()] if calls else [{"text": ANSWER}])
    return {"candidates": [{"content": {"role": "model", "parts": parts},
                            "finishReason": "STOP", "index": 0}],
            "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1,
                              "totalTokenCount": 2},
            "modelVersion": "conformance"}


GeminiPlan = Callable[[str, Any], dict[str, Any] | None]


class FakeModelAPI:
    """``with FakeModelAPI() as api:`` serves on ``api.base_url`` and keeps ``api.requests``."""

    def __init__(self, plan: Callable[[Any], dict[str, Any] | None] | None = None,
                 gemini_plan: GeminiPlan | None = None) -> None:
        self.requests: list[dict[str, Any]] = []
        self._plan = plan
        self._gemini_plan = gemini_plan
        self._lock = threading.Lock()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                return

            def _body(self) -> Any:
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length) if length else b""
                try:
                    return json.loads(raw) if raw else None
                except ValueError:
                    return {"_unparsed": raw.decode("utf-8", "replace")[:2000]}

            def _send(self, status: int, body: bytes, kind: str) -> None:
                self.send_response(status)
                self.send_header("content-type", kind)
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self) -> None:
                with outer._lock:
                    outer.requests.append({"method": "GET", "path": self.path, "body": None})
                self._send(200, b"{}", "application/json")

            def do_POST(self) -> None:
                body = self._body()
                with outer._lock:
                    outer.requests.append({"method": "POST", "path": self.path, "body": body})
                path = self.path.split("?")[0]
                model = (body or {}).get("model", "model") if isinstance(body, dict) else "model"
                stream = isinstance(body, dict) and body.get("stream") is True
                if path.endswith("/messages/count_tokens"):
                    self._send(200, b'{"input_tokens": 1}', "application/json")
                elif path.endswith("/messages"):
                    calls = outer._plan(body) if outer._plan else None
                    if stream:
                        self._send(200, anthropic_stream(model, calls), "text/event-stream")
                    else:
                        self._send(200, json.dumps(anthropic_message(model)).encode(),
                                   "application/json")
                elif path.endswith("/responses"):
                    self._send(200, responses_stream(model), "text/event-stream")
                elif path.endswith("/chat/completions"):
                    self._send(200, chat_stream(model), "text/event-stream")
                elif path.endswith(":generateContent"):
                    gemini_model = path.rsplit("/", 1)[-1].split(":", 1)[0]
                    calls = (outer._gemini_plan(gemini_model, body)
                             if outer._gemini_plan else None)
                    self._send(200, json.dumps(gemini_answer(calls)).encode(),
                               "application/json")
                else:
                    self._send(200, b"{}", "application/json")

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        port = self._server.server_address[1]
        return f"http://127.0.0.1:{port}"

    def __enter__(self) -> FakeModelAPI:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def snapshot(self) -> list[dict[str, Any]]:
        with self._lock:
            return list(self.requests)
