// Public surface of Nexus tracing: start it once per process, open spans at the seams, read the trace id for the audit.
export { startTelemetry, type Telemetry } from './start-telemetry.ts';
export { messageContentCaptured, tracingRequested, CAPTURE_MESSAGE_CONTENT_ENV } from './telemetry-switch.ts';
export { activeTraceId, inSpan, markFailed, tracer, SpanKind, type Attributes, type Context, type Span } from './spans.ts';
export { traceMcpClientRequest, traceMcpServerRequest, type McpServerRequest } from './mcp-spans.ts';
