// Generated from the API's OpenAPI document by `npm run console:api-types`; do not edit (test/console/api-types.test.ts checks it).

export interface paths {
    "/api/system/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who the token belongs to: user, role and the role's permission, tool and review patterns (exact, `*`, or prefix*) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            userId: string;
                            role: string;
                            via: "user" | "service";
                            description: string | null;
                            permissions: string[];
                            tools: string[];
                            reviews: string[];
                            reviewRequired: string[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/system/plugins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Plugins known to this API process, loaded or failed, with the reason */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            plugins: {
                                name: string;
                                version: string | null;
                                description: string | null;
                                state: "loaded" | "failed";
                                error: string | null;
                                /** Format: date-time */
                                changedAt: string;
                                tools: string[];
                                executors: string[];
                                skill: string | null;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/system/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The runtime profile version in force, the last rejected edit, and role permissions that no plugin or the kernel declares */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            path: string;
                            version: string | number;
                            loadedAt: string;
                            lastError: {
                                message: string;
                                at: string;
                            } | null;
                            unknownPermissions: {
                                role: string;
                                permission: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/system/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every loaded plugin's MCP tools with their input JSON Schema and annotations */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                name: string;
                                plugin: string;
                                title: string | null;
                                description: string;
                                inputSchema: unknown;
                                annotations: unknown;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/system/task-kinds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The scheduled-task kinds the loaded plugins execute, with their payload JSON Schema */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                kind: string;
                                description: string;
                                payloadSchema: unknown;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/system/harness": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The agent harness's status: profile version, model, routes, skills, the last reload's problems, MCP servers and tools */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Agent runs, newest first, filtered and paged */
        get: {
            parameters: {
                query?: {
                    userId?: string;
                    sessionId?: string;
                    route?: string;
                    status?: "completed" | "interrupted" | "failed";
                    grounding?: "tools" | "none";
                    ungrounded?: boolean;
                    from?: string;
                    to?: string;
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            total: number;
                            items: {
                                id: string;
                                userId: string;
                                role: string;
                                sessionId: string;
                                correlationId: string;
                                traceId: string | null;
                                route: string | null;
                                skill: string | null;
                                input: string;
                                status: "completed" | "interrupted" | "failed";
                                answer: string | null;
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                cancelledBy?: string;
                                usage: {
                                    inputTokens: number;
                                    outputTokens: number;
                                };
                                grounding: "tools" | "none" | (never | null);
                                groundedOn: {
                                    toolCallId: string;
                                    tool: string;
                                }[];
                                toolsOffered: boolean | null;
                                ungrounded: boolean;
                                notice: string | null;
                                /** Format: date-time */
                                startedAt: string;
                                /** Format: date-time */
                                finishedAt: string;
                                durationMs: number;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit/runs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One run with its model steps, tool calls and review decisions */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            run: {
                                id: string;
                                userId: string;
                                role: string;
                                sessionId: string;
                                correlationId: string;
                                traceId: string | null;
                                route: string | null;
                                skill: string | null;
                                input: string;
                                status: "completed" | "interrupted" | "failed";
                                answer: string | null;
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                cancelledBy?: string;
                                usage: {
                                    inputTokens: number;
                                    outputTokens: number;
                                };
                                grounding: "tools" | "none" | (never | null);
                                groundedOn: {
                                    toolCallId: string;
                                    tool: string;
                                }[];
                                toolsOffered: boolean | null;
                                ungrounded: boolean;
                                notice: string | null;
                                /** Format: date-time */
                                startedAt: string;
                                /** Format: date-time */
                                finishedAt: string;
                                durationMs: number;
                            };
                            modelSteps: {
                                index: number;
                                kind: "routing" | "agent";
                                /** Format: date-time */
                                startedAt: string;
                                durationMs: number;
                                usage: {
                                    inputTokens: number;
                                    outputTokens: number;
                                };
                                text: string;
                                textTruncated: boolean;
                                toolCalls: {
                                    toolCallId: string;
                                    tool: string;
                                }[];
                                /** @enum {string} */
                                toolChoice?: "required";
                                stopReason?: string;
                            }[];
                            toolCalls: {
                                id: string;
                                runId: string;
                                toolCallId: string;
                                tool: string;
                                server: string | null;
                                arguments: unknown;
                                result: unknown;
                                isError: boolean;
                                refusal: string | null;
                                reviewedBy: string | null;
                                /** Format: date-time */
                                startedAt: string | null;
                                durationMs: number | null;
                            }[];
                            reviewDecisions: {
                                id: string;
                                runId: string;
                                toolCallId: string;
                                decision: "approve" | "edit" | "reject" | "respond";
                                reviewerId: string;
                                reviewerRole: string;
                                detail: unknown;
                                /** Format: date-time */
                                decidedAt: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run the agent on a message (continues the session when given) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        message: string;
                        sessionId?: string;
                        skill?: string;
                        route?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            runId: string;
                            sessionId: string;
                            status: "completed" | "interrupted" | "failed";
                            answer: string | null;
                            result: {
                                runId: string;
                                threadId: string;
                                status: "completed" | "interrupted" | "failed";
                                route?: string;
                                skill?: string;
                                answer?: string;
                                toolCalls: {
                                    toolCallId: string;
                                    name: string;
                                    arguments: unknown;
                                    requestedArguments?: unknown;
                                    status: "succeeded" | "failed" | "refused" | "rejected" | "answered";
                                    source?: string;
                                    result?: {
                                        content: ({
                                            type: string;
                                        } & {
                                            [key: string]: unknown;
                                        })[];
                                        structuredContent?: unknown;
                                        isError: boolean;
                                        _meta?: {
                                            [key: string]: unknown;
                                        };
                                    };
                                    refusal?: {
                                        code: "unknown_tool" | "tool_not_visible" | "permission_denied" | "policy_denied" | "invalid_arguments" | "execution_error" | "timeout" | "rejected_by_reviewer" | "run_stopped";
                                        message: string;
                                        details?: unknown;
                                    };
                                    review?: {
                                        decision: "approve" | "edit" | "reject" | "respond";
                                        reviewerId?: string;
                                        reason?: string;
                                        message?: string;
                                    };
                                    startedAt: number;
                                    finishedAt: number;
                                    durationMs: number;
                                }[];
                                pendingReviews?: {
                                    toolCallId: string;
                                    name: string;
                                    arguments: unknown;
                                    kind: "approval" | "human_input";
                                    question?: string;
                                }[];
                                usage: {
                                    inputTokens: number;
                                    outputTokens: number;
                                    totalTokens: number;
                                };
                                modelCalls: number;
                                modelSteps?: {
                                    index: number;
                                    kind: "routing" | "agent";
                                    startedAt: number;
                                    finishedAt: number;
                                    durationMs: number;
                                    usage: {
                                        inputTokens: number;
                                        outputTokens: number;
                                        totalTokens: number;
                                    };
                                    text: string;
                                    /** @enum {boolean} */
                                    textTruncated?: true;
                                    toolCalls: {
                                        id: string;
                                        name: string;
                                    }[];
                                    /** @enum {string} */
                                    toolChoice?: "required";
                                    stopReason?: string;
                                }[];
                                error?: {
                                    code: string;
                                    message: string;
                                    node?: string;
                                    details?: unknown;
                                };
                                grounding: "tools" | "none";
                                groundedOn: {
                                    toolCallId: string;
                                    name: string;
                                }[];
                                toolsOffered: boolean;
                                startedAt: number;
                                finishedAt: number;
                            } | null;
                            error: {
                                code: string;
                                message: string;
                            } | null;
                            notice: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/runs/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run the agent and stream its events (text/event-stream) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        message: string;
                        sessionId?: string;
                        skill?: string;
                        route?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/runs/{runId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a run of yours: a queued one is dropped, a paused one ends now, a running one stops at its next step */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    runId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            runId: string;
                            status: "cancelled" | "cancelling";
                            outcome: {
                                runId: string;
                                sessionId: string;
                                status: "completed" | "interrupted" | "failed";
                                answer: string | null;
                                result: {
                                    runId: string;
                                    threadId: string;
                                    status: "completed" | "interrupted" | "failed";
                                    route?: string;
                                    skill?: string;
                                    answer?: string;
                                    toolCalls: {
                                        toolCallId: string;
                                        name: string;
                                        arguments: unknown;
                                        requestedArguments?: unknown;
                                        status: "succeeded" | "failed" | "refused" | "rejected" | "answered";
                                        source?: string;
                                        result?: {
                                            content: ({
                                                type: string;
                                            } & {
                                                [key: string]: unknown;
                                            })[];
                                            structuredContent?: unknown;
                                            isError: boolean;
                                            _meta?: {
                                                [key: string]: unknown;
                                            };
                                        };
                                        refusal?: {
                                            code: "unknown_tool" | "tool_not_visible" | "permission_denied" | "policy_denied" | "invalid_arguments" | "execution_error" | "timeout" | "rejected_by_reviewer" | "run_stopped";
                                            message: string;
                                            details?: unknown;
                                        };
                                        review?: {
                                            decision: "approve" | "edit" | "reject" | "respond";
                                            reviewerId?: string;
                                            reason?: string;
                                            message?: string;
                                        };
                                        startedAt: number;
                                        finishedAt: number;
                                        durationMs: number;
                                    }[];
                                    pendingReviews?: {
                                        toolCallId: string;
                                        name: string;
                                        arguments: unknown;
                                        kind: "approval" | "human_input";
                                        question?: string;
                                    }[];
                                    usage: {
                                        inputTokens: number;
                                        outputTokens: number;
                                        totalTokens: number;
                                    };
                                    modelCalls: number;
                                    modelSteps?: {
                                        index: number;
                                        kind: "routing" | "agent";
                                        startedAt: number;
                                        finishedAt: number;
                                        durationMs: number;
                                        usage: {
                                            inputTokens: number;
                                            outputTokens: number;
                                            totalTokens: number;
                                        };
                                        text: string;
                                        /** @enum {boolean} */
                                        textTruncated?: true;
                                        toolCalls: {
                                            id: string;
                                            name: string;
                                        }[];
                                        /** @enum {string} */
                                        toolChoice?: "required";
                                        stopReason?: string;
                                    }[];
                                    error?: {
                                        code: string;
                                        message: string;
                                        node?: string;
                                        details?: unknown;
                                    };
                                    grounding: "tools" | "none";
                                    groundedOn: {
                                        toolCallId: string;
                                        name: string;
                                    }[];
                                    toolsOffered: boolean;
                                    startedAt: number;
                                    finishedAt: number;
                                } | null;
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                notice: string | null;
                            } | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Reviews the caller may decide (status pending by default) */
        get: {
            parameters: {
                query?: {
                    status?: "pending" | "decided" | "expired";
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                runId: string;
                                input: string;
                                status: string;
                                requester: {
                                    userId: string;
                                    role: string;
                                    sessionId: string;
                                };
                                items: {
                                    toolCallId: string;
                                    name: string;
                                    description: string | null;
                                    kind: string;
                                    question?: string;
                                    arguments: unknown;
                                    argumentsHash: string;
                                }[];
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                expiresAt: string;
                                decidedBy: string | null;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/reviews/{runId}/decisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Decide every pending call of a paused run; the run resumes with the decisions */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    runId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        decisions: ({
                            toolCallId: string;
                            argumentsHash: string;
                            /** @enum {string} */
                            type: "approve";
                        } | {
                            toolCallId: string;
                            argumentsHash: string;
                            /** @enum {string} */
                            type: "edit";
                            arguments: {
                                [key: string]: unknown;
                            };
                        } | {
                            toolCallId: string;
                            argumentsHash: string;
                            /** @enum {string} */
                            type: "reject";
                            reason: string;
                        } | {
                            toolCallId: string;
                            argumentsHash: string;
                            /** @enum {string} */
                            type: "respond";
                            message: string;
                        })[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            runId: string;
                            sessionId: string;
                            status: "completed" | "interrupted" | "failed";
                            answer: string | null;
                            result: {
                                runId: string;
                                threadId: string;
                                status: "completed" | "interrupted" | "failed";
                                route?: string;
                                skill?: string;
                                answer?: string;
                                toolCalls: {
                                    toolCallId: string;
                                    name: string;
                                    arguments: unknown;
                                    requestedArguments?: unknown;
                                    status: "succeeded" | "failed" | "refused" | "rejected" | "answered";
                                    source?: string;
                                    result?: {
                                        content: ({
                                            type: string;
                                        } & {
                                            [key: string]: unknown;
                                        })[];
                                        structuredContent?: unknown;
                                        isError: boolean;
                                        _meta?: {
                                            [key: string]: unknown;
                                        };
                                    };
                                    refusal?: {
                                        code: "unknown_tool" | "tool_not_visible" | "permission_denied" | "policy_denied" | "invalid_arguments" | "execution_error" | "timeout" | "rejected_by_reviewer" | "run_stopped";
                                        message: string;
                                        details?: unknown;
                                    };
                                    review?: {
                                        decision: "approve" | "edit" | "reject" | "respond";
                                        reviewerId?: string;
                                        reason?: string;
                                        message?: string;
                                    };
                                    startedAt: number;
                                    finishedAt: number;
                                    durationMs: number;
                                }[];
                                pendingReviews?: {
                                    toolCallId: string;
                                    name: string;
                                    arguments: unknown;
                                    kind: "approval" | "human_input";
                                    question?: string;
                                }[];
                                usage: {
                                    inputTokens: number;
                                    outputTokens: number;
                                    totalTokens: number;
                                };
                                modelCalls: number;
                                modelSteps?: {
                                    index: number;
                                    kind: "routing" | "agent";
                                    startedAt: number;
                                    finishedAt: number;
                                    durationMs: number;
                                    usage: {
                                        inputTokens: number;
                                        outputTokens: number;
                                        totalTokens: number;
                                    };
                                    text: string;
                                    /** @enum {boolean} */
                                    textTruncated?: true;
                                    toolCalls: {
                                        id: string;
                                        name: string;
                                    }[];
                                    /** @enum {string} */
                                    toolChoice?: "required";
                                    stopReason?: string;
                                }[];
                                error?: {
                                    code: string;
                                    message: string;
                                    node?: string;
                                    details?: unknown;
                                };
                                grounding: "tools" | "none";
                                groundedOn: {
                                    toolCallId: string;
                                    name: string;
                                }[];
                                toolsOffered: boolean;
                                startedAt: number;
                                finishedAt: number;
                            } | null;
                            error: {
                                code: string;
                                message: string;
                            } | null;
                            notice: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scheduler/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tasks, newest first: your own, or everyone's for scheduler admins */
        get: {
            parameters: {
                query?: {
                    kind?: string;
                    status?: "active" | "paused" | "cancelled" | "completed";
                    /** @description A user id; scheduler admins only, others see their own tasks. */
                    owner?: string;
                    /** @description Items per page (default 50, at most 200). */
                    limit?: number;
                    /** @description Items to skip (default 0). */
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            total: number;
                            items: {
                                id: string;
                                kind: string;
                                title: string;
                                payload: unknown;
                                schedule: {
                                    /** @enum {string} */
                                    type: "cron";
                                    expression: string;
                                    timeZone?: string;
                                } | {
                                    /** @enum {string} */
                                    type: "once";
                                    /** Format: date-time */
                                    at: string;
                                };
                                status: "active" | "paused" | "cancelled" | "completed";
                                /** Format: date-time */
                                nextRunAt: string | null;
                                ownerId: string;
                                createdVia: "api" | "mcp" | "agent";
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                                missedRuns: {
                                    /** @description Occurrences missed while no worker ran: coalesce (default) runs the latest once; skip runs none; run-all runs each. */
                                    policy: "coalesce" | "skip" | "run-all";
                                    maxRuns?: number;
                                };
                                /** @description Occurrences run so far (skipped ones not counted). */
                                runCount: number;
                                failedRunCount: number;
                                /** Format: date-time */
                                lastRunAt: string | null;
                                lastOutcome: ("succeeded" | "failed" | "abandoned" | "skipped") | (never | null);
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        /** Schedule a task; its executor checks the payload before anything is stored */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        kind: string;
                        title: string;
                        payload: unknown;
                        schedule: {
                            /** @enum {string} */
                            type: "cron";
                            expression: string;
                            timeZone?: string;
                        } | {
                            /** @enum {string} */
                            type: "once";
                            /** Format: date-time */
                            at: string;
                        };
                        missedRuns?: {
                            /** @description Occurrences missed while no worker ran: coalesce (default) runs the latest once; skip runs none; run-all runs each. */
                            policy: "coalesce" | "skip" | "run-all";
                            /** @description run-all only: run at most this many of the latest missed occurrences (default 10). */
                            maxRuns?: number;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            kind: string;
                            title: string;
                            payload: unknown;
                            schedule: {
                                /** @enum {string} */
                                type: "cron";
                                expression: string;
                                timeZone?: string;
                            } | {
                                /** @enum {string} */
                                type: "once";
                                /** Format: date-time */
                                at: string;
                            };
                            status: "active" | "paused" | "cancelled" | "completed";
                            /** Format: date-time */
                            nextRunAt: string | null;
                            ownerId: string;
                            createdVia: "api" | "mcp" | "agent";
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            missedRuns: {
                                /** @description Occurrences missed while no worker ran: coalesce (default) runs the latest once; skip runs none; run-all runs each. */
                                policy: "coalesce" | "skip" | "run-all";
                                maxRuns?: number;
                            };
                            /** @description Occurrences run so far (skipped ones not counted). */
                            runCount: number;
                            failedRunCount: number;
                            /** Format: date-time */
                            lastRunAt: string | null;
                            lastOutcome: ("succeeded" | "failed" | "abandoned" | "skipped") | (never | null);
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scheduler/tasks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One task */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            kind: string;
                            title: string;
                            payload: unknown;
                            schedule: {
                                /** @enum {string} */
                                type: "cron";
                                expression: string;
                                timeZone?: string;
                            } | {
                                /** @enum {string} */
                                type: "once";
                                /** Format: date-time */
                                at: string;
                            };
                            status: "active" | "paused" | "cancelled" | "completed";
                            /** Format: date-time */
                            nextRunAt: string | null;
                            ownerId: string;
                            createdVia: "api" | "mcp" | "agent";
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            missedRuns: {
                                /** @description Occurrences missed while no worker ran: coalesce (default) runs the latest once; skip runs none; run-all runs each. */
                                policy: "coalesce" | "skip" | "run-all";
                                maxRuns?: number;
                            };
                            /** @description Occurrences run so far (skipped ones not counted). */
                            runCount: number;
                            failedRunCount: number;
                            /** Format: date-time */
                            lastRunAt: string | null;
                            lastOutcome: ("succeeded" | "failed" | "abandoned" | "skipped") | (never | null);
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scheduler/tasks/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a task (repeating it changes nothing) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            kind: string;
                            title: string;
                            payload: unknown;
                            schedule: {
                                /** @enum {string} */
                                type: "cron";
                                expression: string;
                                timeZone?: string;
                            } | {
                                /** @enum {string} */
                                type: "once";
                                /** Format: date-time */
                                at: string;
                            };
                            status: "active" | "paused" | "cancelled" | "completed";
                            /** Format: date-time */
                            nextRunAt: string | null;
                            ownerId: string;
                            createdVia: "api" | "mcp" | "agent";
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            missedRuns: {
                                /** @description Occurrences missed while no worker ran: coalesce (default) runs the latest once; skip runs none; run-all runs each. */
                                policy: "coalesce" | "skip" | "run-all";
                                maxRuns?: number;
                            };
                            /** @description Occurrences run so far (skipped ones not counted). */
                            runCount: number;
                            failedRunCount: number;
                            /** Format: date-time */
                            lastRunAt: string | null;
                            lastOutcome: ("succeeded" | "failed" | "abandoned" | "skipped") | (never | null);
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scheduler/tasks/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause a task (repeating it changes nothing) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            kind: string;
                            title: string;
                            payload: unknown;
                            schedule: {
                                /** @enum {string} */
                                type: "cron";
                                expression: string;
                                timeZone?: string;
                            } | {
                                /** @enum {string} */
                                type: "once";
                                /** Format: date-time */
                                at: string;
                            };
                            status: "active" | "paused" | "cancelled" | "completed";
                            /** Format: date-time */
                            nextRunAt: string | null;
                            ownerId: string;
                            createdVia: "api" | "mcp" | "agent";
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            missedRuns: {
                                /** @description Occurrences missed while no worker ran: coalesce (default) runs the latest once; skip runs none; run-all runs each. */
                                policy: "coalesce" | "skip" | "run-all";
                                maxRuns?: number;
                            };
                            /** @description Occurrences run so far (skipped ones not counted). */
                            runCount: number;
                            failedRunCount: number;
                            /** Format: date-time */
                            lastRunAt: string | null;
                            lastOutcome: ("succeeded" | "failed" | "abandoned" | "skipped") | (never | null);
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scheduler/tasks/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume a task (repeating it changes nothing) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            kind: string;
                            title: string;
                            payload: unknown;
                            schedule: {
                                /** @enum {string} */
                                type: "cron";
                                expression: string;
                                timeZone?: string;
                            } | {
                                /** @enum {string} */
                                type: "once";
                                /** Format: date-time */
                                at: string;
                            };
                            status: "active" | "paused" | "cancelled" | "completed";
                            /** Format: date-time */
                            nextRunAt: string | null;
                            ownerId: string;
                            createdVia: "api" | "mcp" | "agent";
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            missedRuns: {
                                /** @description Occurrences missed while no worker ran: coalesce (default) runs the latest once; skip runs none; run-all runs each. */
                                policy: "coalesce" | "skip" | "run-all";
                                maxRuns?: number;
                            };
                            /** @description Occurrences run so far (skipped ones not counted). */
                            runCount: number;
                            failedRunCount: number;
                            /** Format: date-time */
                            lastRunAt: string | null;
                            lastOutcome: ("succeeded" | "failed" | "abandoned" | "skipped") | (never | null);
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scheduler/tasks/{id}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A task's runs, latest occurrence first, each with its attempts */
        get: {
            parameters: {
                query?: {
                    /** @description Items per page (default 50, at most 200). */
                    limit?: number;
                    /** @description Items to skip (default 0). */
                    offset?: number;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            total: number;
                            items: {
                                id: string;
                                taskId: string;
                                /** Format: date-time */
                                scheduledFor: string;
                                /** @description running or retrying while the occurrence is in progress; its outcome once finished. */
                                state: "running" | "retrying" | ("succeeded" | "failed" | "abandoned" | "skipped");
                                /** @description Scheduled occurrences this run stands for (more than 1 when missed ones were coalesced or skipped). */
                                occurrences: number;
                                attempt: number;
                                maxAttempts: number;
                                workerId: string;
                                /** Format: date-time */
                                startedAt: string;
                                /** Format: date-time */
                                finishedAt: string | null;
                                result: {
                                    summary: string;
                                    data?: {
                                        [key: string]: unknown;
                                    };
                                } | null;
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                /** @description Finished attempts, oldest first. */
                                attempts: {
                                    attempt: number;
                                    workerId: string;
                                    /** Format: date-time */
                                    startedAt: string;
                                    /** Format: date-time */
                                    finishedAt: string;
                                    outcome: "succeeded" | "failed" | "abandoned";
                                    error: {
                                        code: string;
                                        message: string;
                                    } | null;
                                }[];
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scheduler/cron/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The next fire instants of a cron expression in a time zone */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Five-field cron (see the cron docs). */
                        expression: string;
                        /** @description IANA zone; UTC when omitted. */
                        timeZone?: string;
                        /**
                         * Format: date-time
                         * @description Fire times strictly after this instant; now when omitted.
                         */
                        from?: string;
                        /** @description How many fire times (default 5). */
                        count?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            expression: string;
                            /** @description The canonical zone name. */
                            timeZone: string;
                            /** @description UTC instants, ascending. */
                            fireTimes: string[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chipchat/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your conversations, most recently updated first, paged by time */
        get: {
            parameters: {
                query?: {
                    /** @description true: only archived conversations; otherwise only the others. */
                    archived?: boolean;
                    /** @description Only conversations updated before this instant (the last updatedAt of the previous page). */
                    before?: string;
                    /** @description Items per page (default 50, at most 200). */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Most recently updated first. */
                            items: {
                                id: string;
                                title: string;
                                archived: boolean;
                                /** @description Notices and reminders land here when no conversation is named. */
                                isDefault: boolean;
                                /** @description The agent session of this conversation (see GET /api/audit/runs). */
                                sessionId: string;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                                /** Format: date-time */
                                lastMessageAt: string | null;
                            }[];
                            /** @description Older ones exist: ask again with before = the last updatedAt. */
                            hasMore: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Start a conversation (titled after its first message unless you give a title) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        title?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            title: string;
                            archived: boolean;
                            /** @description Notices and reminders land here when no conversation is named. */
                            isDefault: boolean;
                            /** @description The agent session of this conversation (see GET /api/audit/runs). */
                            sessionId: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** Format: date-time */
                            lastMessageAt: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chipchat/conversations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of your conversations */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A conversation id, as the conversation list shows it. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            title: string;
                            archived: boolean;
                            /** @description Notices and reminders land here when no conversation is named. */
                            isDefault: boolean;
                            /** @description The agent session of this conversation (see GET /api/audit/runs). */
                            sessionId: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** Format: date-time */
                            lastMessageAt: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a conversation and all its messages */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A conversation id, as the conversation list shows it. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        /** Rename, archive or unarchive a conversation */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A conversation id, as the conversation list shows it. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        title?: string;
                        archived?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            title: string;
                            archived: boolean;
                            /** @description Notices and reminders land here when no conversation is named. */
                            isDefault: boolean;
                            /** @description The agent session of this conversation (see GET /api/audit/runs). */
                            sessionId: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** Format: date-time */
                            lastMessageAt: string | null;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/chipchat/conversations/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Messages of a conversation, oldest first, paged by time */
        get: {
            parameters: {
                query?: {
                    /** @description The latest messages written before this instant (the first createdAt of the page you have). */
                    before?: string;
                    /** @description The earliest messages written after this instant (the last createdAt you have). */
                    after?: string;
                    /** @description Items per page (default 50, at most 200). */
                    limit?: number;
                };
                header?: never;
                path: {
                    /** @description A conversation id, as the conversation list shows it. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Oldest first. */
                            items: {
                                id: string;
                                conversationId: string;
                                /** @description Your messages are numbered in order; the notification stream uses it as the event id. */
                                seq: number;
                                role: "user" | "assistant" | "notice";
                                origin: "chat" | "review" | "agent" | "schedule";
                                text: string;
                                runId: string | null;
                                runStatus: "completed" | "interrupted" | "failed" | (never | null);
                                toolCalls: {
                                    name: string;
                                    status: "succeeded" | "failed" | "refused" | "rejected" | "answered";
                                }[];
                                pendingReviews: {
                                    toolCallId: string;
                                    tool: string;
                                    kind: "approval" | "human_input";
                                    /** @description A short summary of the arguments under review. */
                                    arguments: string;
                                    question: string | null;
                                    /** @description Roles that may decide (the profile role matrix). */
                                    reviewerRoles: string[];
                                }[];
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                /** @description The answer rests on no tool result of its run although tools were offered: nothing was done or looked up. */
                                ungrounded: boolean;
                                /** @description Shown beside an ungrounded answer. */
                                notice: string | null;
                                /** Format: date-time */
                                scheduledFor: string | null;
                                /** Format: date-time */
                                createdAt: string;
                            }[];
                            /** @description More exist beyond this page in the direction asked (earlier, or later with after). */
                            hasMore: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Send a message; the agent answers in the same conversation. With Accept: text/event-stream the answer streams (events user_message, run, delta, tool, then message with the stored reply). */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A conversation id, as the conversation list shows it. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The message text (plain text). */
                        text: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: {
                                id: string;
                                conversationId: string;
                                /** @description Your messages are numbered in order; the notification stream uses it as the event id. */
                                seq: number;
                                role: "user" | "assistant" | "notice";
                                origin: "chat" | "review" | "agent" | "schedule";
                                text: string;
                                runId: string | null;
                                runStatus: "completed" | "interrupted" | "failed" | (never | null);
                                toolCalls: {
                                    name: string;
                                    status: "succeeded" | "failed" | "refused" | "rejected" | "answered";
                                }[];
                                pendingReviews: {
                                    toolCallId: string;
                                    tool: string;
                                    kind: "approval" | "human_input";
                                    /** @description A short summary of the arguments under review. */
                                    arguments: string;
                                    question: string | null;
                                    /** @description Roles that may decide (the profile role matrix). */
                                    reviewerRoles: string[];
                                }[];
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                /** @description The answer rests on no tool result of its run although tools were offered: nothing was done or looked up. */
                                ungrounded: boolean;
                                /** @description Shown beside an ungrounded answer. */
                                notice: string | null;
                                /** Format: date-time */
                                scheduledFor: string | null;
                                /** Format: date-time */
                                createdAt: string;
                            };
                            /** @description The assistant's answer, or a notice: what waits for review and for whom, or why the run failed. */
                            reply: {
                                id: string;
                                conversationId: string;
                                /** @description Your messages are numbered in order; the notification stream uses it as the event id. */
                                seq: number;
                                role: "user" | "assistant" | "notice";
                                origin: "chat" | "review" | "agent" | "schedule";
                                text: string;
                                runId: string | null;
                                runStatus: "completed" | "interrupted" | "failed" | (never | null);
                                toolCalls: {
                                    name: string;
                                    status: "succeeded" | "failed" | "refused" | "rejected" | "answered";
                                }[];
                                pendingReviews: {
                                    toolCallId: string;
                                    tool: string;
                                    kind: "approval" | "human_input";
                                    /** @description A short summary of the arguments under review. */
                                    arguments: string;
                                    question: string | null;
                                    /** @description Roles that may decide (the profile role matrix). */
                                    reviewerRoles: string[];
                                }[];
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                /** @description The answer rests on no tool result of its run although tools were offered: nothing was done or looked up. */
                                ungrounded: boolean;
                                /** @description Shown beside an ungrounded answer. */
                                notice: string | null;
                                /** Format: date-time */
                                scheduledFor: string | null;
                                /** Format: date-time */
                                createdAt: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chipchat/notifications/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Server-sent events: each new message of yours (answers, notices, reminders) as event "message" with its number as id */
        get: {
            parameters: {
                query?: {
                    /** @description Resume after this message number (or send Last-Event-ID); by default only new messages. */
                    after?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dige/rooms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Rooms, read live from the provider */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                name: string;
                                buildingId: string;
                                floor: number | null;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dige/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Devices with their live state, optionally of one room */
        get: {
            parameters: {
                query?: {
                    roomId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                roomId: string;
                                name: string;
                                kind: string;
                                capabilities: string[];
                                online: boolean;
                                state: {
                                    on?: boolean;
                                    brightness?: number;
                                    setpoint?: number;
                                    mode?: string;
                                    fanSpeed?: string;
                                    position?: number;
                                    currentTemperature?: number;
                                };
                                stateUpdatedAt: string | null;
                                /** Format: date-time */
                                observedAt: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dige/devices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One device, its live state and the commands it accepts */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            roomId: string;
                            name: string;
                            kind: string;
                            capabilities: string[];
                            online: boolean;
                            state: {
                                on?: boolean;
                                brightness?: number;
                                setpoint?: number;
                                mode?: string;
                                fanSpeed?: string;
                                position?: number;
                                currentTemperature?: number;
                            };
                            stateUpdatedAt: string | null;
                            /** Format: date-time */
                            observedAt: string;
                            accepts: {
                                command: string;
                                description: string;
                                value: {
                                    type: string;
                                    min?: number;
                                    max?: number;
                                    step?: number;
                                    unit?: string;
                                    values?: string[];
                                };
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dige/devices/{id}/commands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Control a device; answers once the provider confirms the new state */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description What to do; the device must accept it (see its `accepts`).
                         * @enum {unknown}
                         */
                        command: "turn_on" | "turn_off" | "set_brightness" | "set_setpoint" | "set_mode" | "set_fan_speed" | "set_position" | "open" | "close";
                        /** @description The argument: a number for set_brightness, set_setpoint and set_position; a name for set_mode and set_fan_speed; absent otherwise. */
                        value?: number | string;
                        /** @description Repeat a request with the same key and the device is changed at most once. */
                        idempotencyKey?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            operationId: string;
                            deviceId: string;
                            command: {
                                command: string;
                                value?: number | string;
                            };
                            /** @enum {unknown} */
                            outcome: "verified" | "mismatch" | "timeout" | "rejected" | "failed";
                            idempotencyKey: string;
                            expectedState: {
                                on?: boolean;
                                brightness?: number;
                                setpoint?: number;
                                mode?: string;
                                fanSpeed?: string;
                                position?: number;
                                currentTemperature?: number;
                            } | null;
                            observedState: {
                                on?: boolean;
                                brightness?: number;
                                setpoint?: number;
                                mode?: string;
                                fanSpeed?: string;
                                position?: number;
                                currentTemperature?: number;
                            } | null;
                            /** Format: date-time */
                            observedAt: string | null;
                            provider: {
                                operationId: string | null;
                                status: string | null;
                                replayed: boolean | null;
                            };
                            /** Format: date-time */
                            requestedAt: string;
                            /** Format: date-time */
                            completedAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dige/operations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recorded controls, newest first */
        get: {
            parameters: {
                query?: {
                    /** @description Items per page (default 50, at most 200). */
                    limit?: number;
                    /** @description Items to skip (default 0). */
                    offset?: number;
                    deviceId?: string;
                    outcome?: "verified" | "mismatch" | "timeout" | "rejected" | "failed";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            total: number;
                            items: {
                                id: string;
                                deviceId: string;
                                command: {
                                    command: string;
                                    value?: number | string;
                                };
                                actor: {
                                    userId: string;
                                    role: string;
                                    tokenId: string;
                                    channel: string;
                                    taskId: string | null;
                                };
                                idempotencyKey: string;
                                /** Format: date-time */
                                requestedAt: string;
                                /** Format: date-time */
                                completedAt: string;
                                /** @enum {unknown} */
                                outcome: "verified" | "mismatch" | "timeout" | "rejected" | "failed";
                                expectedState: {
                                    on?: boolean;
                                    brightness?: number;
                                    setpoint?: number;
                                    mode?: string;
                                    fanSpeed?: string;
                                    position?: number;
                                    currentTemperature?: number;
                                } | null;
                                observedState: {
                                    on?: boolean;
                                    brightness?: number;
                                    setpoint?: number;
                                    mode?: string;
                                    fanSpeed?: string;
                                    position?: number;
                                    currentTemperature?: number;
                                } | null;
                                /** Format: date-time */
                                observedAt: string | null;
                                provider: {
                                    operationId: string | null;
                                    status: string | null;
                                    replayed: boolean | null;
                                    acceptRequestId: string | null;
                                };
                                verification: {
                                    polls: number;
                                    deadlineMs: number;
                                };
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                            }[];
                            limit: number;
                            offset: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dige/devices/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every observation of a device, newest first */
        get: {
            parameters: {
                query?: {
                    /** @description Items per page (default 50, at most 200). */
                    limit?: number;
                    /** @description Items to skip (default 0). */
                    offset?: number;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            total: number;
                            items: {
                                id: string;
                                deviceId: string;
                                roomId: string;
                                online: boolean;
                                state: {
                                    on?: boolean;
                                    brightness?: number;
                                    setpoint?: number;
                                    mode?: string;
                                    fanSpeed?: string;
                                    position?: number;
                                    currentTemperature?: number;
                                };
                                stateUpdatedAt: string | null;
                                /** Format: date-time */
                                observedAt: string;
                                source: string;
                                operationId: string | null;
                            }[];
                            limit: number;
                            offset: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dige/api-calls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Provider requests with redacted bodies, newest first */
        get: {
            parameters: {
                query?: {
                    /** @description Items per page (default 50, at most 200). */
                    limit?: number;
                    /** @description Items to skip (default 0). */
                    offset?: number;
                    operationId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            total: number;
                            items: {
                                id: string;
                                /** Format: date-time */
                                at: string;
                                method: string;
                                path: string;
                                status: number | null;
                                durationMs: number;
                                attempt: number;
                                providerRequestId: string | null;
                                idempotencyKey: string | null;
                                operationId: string | null;
                                requestBody: unknown;
                                responseBody: unknown;
                                error: string | null;
                            }[];
                            limit: number;
                            offset: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rag/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the documents you may see. */
        get: {
            parameters: {
                query?: {
                    /** @description An opaque knowledge base id (GET /api/rag/knowledge-bases). */
                    knowledgeBaseId?: string;
                    status?: "queued" | "processing" | "ready" | "failed";
                    tag?: string;
                    /** @description Items per page (default 50, at most 200). */
                    limit?: number;
                    /** @description Items to skip (default 0). */
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            total: number;
                            items: {
                                docId: string;
                                knowledgeBaseId: string;
                                title: string;
                                filename: string;
                                /** @enum {unknown} */
                                kind: "text" | "markdown" | "html" | "pdf" | "docx";
                                mediaType: string;
                                bytes: number;
                                sha256: string;
                                tags: string[];
                                /** @enum {unknown} */
                                status: "queued" | "processing" | "ready" | "failed";
                                /** @description True while a newer ingestion than the searchable one is queued or running. */
                                reingesting: boolean;
                                chunkCount: number;
                                /** @description Chunks embedded of those cut, while the worker ingests (and as it ended); null before the first ingestion starts. */
                                progress: {
                                    chunks: number;
                                    embedded: number;
                                } | null;
                                embedder: {
                                    id: string;
                                    dimensions: number;
                                } | null;
                                error: {
                                    code: string;
                                    message: string;
                                    /** Format: date-time */
                                    at: string;
                                } | null;
                                taskId: string | null;
                                ownerId: string;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                                /** Format: date-time */
                                ingestedAt: string | null;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        /** Upload a document (multipart/form-data: file, and optional knowledgeBaseId, title, tags as a comma-separated list). */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            docId: string;
                            knowledgeBaseId: string;
                            title: string;
                            filename: string;
                            /** @enum {unknown} */
                            kind: "text" | "markdown" | "html" | "pdf" | "docx";
                            mediaType: string;
                            bytes: number;
                            sha256: string;
                            tags: string[];
                            /** @enum {unknown} */
                            status: "queued" | "processing" | "ready" | "failed";
                            /** @description True while a newer ingestion than the searchable one is queued or running. */
                            reingesting: boolean;
                            chunkCount: number;
                            /** @description Chunks embedded of those cut, while the worker ingests (and as it ended); null before the first ingestion starts. */
                            progress: {
                                chunks: number;
                                embedded: number;
                            } | null;
                            embedder: {
                                id: string;
                                dimensions: number;
                            } | null;
                            error: {
                                code: string;
                                message: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            taskId: string | null;
                            ownerId: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** Format: date-time */
                            ingestedAt: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rag/documents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A document: status, metadata, chunk count, errors. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description An opaque document id issued by the upload. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            docId: string;
                            knowledgeBaseId: string;
                            title: string;
                            filename: string;
                            /** @enum {unknown} */
                            kind: "text" | "markdown" | "html" | "pdf" | "docx";
                            mediaType: string;
                            bytes: number;
                            sha256: string;
                            tags: string[];
                            /** @enum {unknown} */
                            status: "queued" | "processing" | "ready" | "failed";
                            /** @description True while a newer ingestion than the searchable one is queued or running. */
                            reingesting: boolean;
                            chunkCount: number;
                            /** @description Chunks embedded of those cut, while the worker ingests (and as it ended); null before the first ingestion starts. */
                            progress: {
                                chunks: number;
                                embedded: number;
                            } | null;
                            embedder: {
                                id: string;
                                dimensions: number;
                            } | null;
                            error: {
                                code: string;
                                message: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            taskId: string | null;
                            ownerId: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** Format: date-time */
                            ingestedAt: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a document, its original and its chunks from every index. */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description An opaque document id issued by the upload. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rag/documents/{id}/reingest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Parse, chunk and embed the stored original again. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description An opaque document id issued by the upload. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            docId: string;
                            knowledgeBaseId: string;
                            title: string;
                            filename: string;
                            /** @enum {unknown} */
                            kind: "text" | "markdown" | "html" | "pdf" | "docx";
                            mediaType: string;
                            bytes: number;
                            sha256: string;
                            tags: string[];
                            /** @enum {unknown} */
                            status: "queued" | "processing" | "ready" | "failed";
                            /** @description True while a newer ingestion than the searchable one is queued or running. */
                            reingesting: boolean;
                            chunkCount: number;
                            /** @description Chunks embedded of those cut, while the worker ingests (and as it ended); null before the first ingestion starts. */
                            progress: {
                                chunks: number;
                                embedded: number;
                            } | null;
                            embedder: {
                                id: string;
                                dimensions: number;
                            } | null;
                            error: {
                                code: string;
                                message: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            taskId: string | null;
                            ownerId: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** Format: date-time */
                            ingestedAt: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rag/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hybrid (BM25 + vector) search over chunks. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        query: string;
                        /** @description Knowledge bases to search; the default one when omitted. */
                        knowledgeBaseIds?: string[];
                        /** @description Only these documents. */
                        docIds?: string[];
                        /** @description Only documents carrying every one of these tags. */
                        tags?: string[];
                        topK?: number;
                        maxPerDocument?: number;
                        mode?: "hybrid" | "lexical" | "vector";
                        fusion?: "convex" | "rrf";
                        vectorWeight?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            results: {
                                chunkId: string;
                                docId: string;
                                knowledgeBaseId: string;
                                title: string;
                                headingPath: string[];
                                start: number;
                                end: number;
                                text: string;
                                score: number;
                                lexicalScore: number | null;
                                vectorScore: number | null;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rag/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** An answer from the documents with verified citations (generated by the profile model, or extractive). */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        question: string;
                        /** @description Knowledge bases to search; the default one when omitted. */
                        knowledgeBaseIds?: string[];
                        /** @description Only these documents. */
                        docIds?: string[];
                        /** @description Only documents carrying every one of these tags. */
                        tags?: string[];
                        topK?: number;
                        maxPerDocument?: number;
                        mode?: "hybrid" | "lexical" | "vector";
                        fusion?: "convex" | "rrf";
                        vectorWeight?: number;
                        maxContextTokens?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            answer: string;
                            /** @description generated: written by the profile's model and citation-checked; extractive: sentences copied from the sources. */
                            mode: "generated" | "extractive";
                            model: string | null;
                            /** @description Why an answer is extractive although a model was expected, or other caveats. */
                            notice: string | null;
                            citations: {
                                source: number;
                                docId: string;
                                quote: string;
                            }[];
                            droppedCitations: {
                                source: number;
                                quote: string | null;
                                reason: string;
                            }[];
                            sources: {
                                n: number;
                                docId: string;
                                knowledgeBaseId: string;
                                title: string;
                                headingPath: string[];
                                start: number;
                                end: number;
                                chunkIds: string[];
                                text: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rag/knowledge-bases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The knowledge bases you may read. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                name: string;
                                description: string;
                                visibility: "shared" | "private";
                                ownerId: string;
                                members: string[];
                                isDefault: boolean;
                                /** @description The weight hybrid search uses (the knowledge base's own, or the evaluated default). */
                                vectorWeight: number;
                                documentCount: number;
                                /** @description The embedder this knowledge base's vectors (and its queries) are made with; it stays when the service's default changes. */
                                embedder: string;
                                /** @description Documents whose chunks another embedder made (an unfinished reindex): until they are re-ingested, only their words are found. */
                                staleDocuments: number;
                                reindexRequired: boolean;
                                /** Format: date-time */
                                createdAt: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        /** Create a knowledge base (shared, or private to you and its members). */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        description?: string;
                        visibility: "shared" | "private";
                        members?: string[];
                        vectorWeight?: number;
                        /** @description The embedder of its vectors; omitted: the service default. */
                        embedder?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            description: string;
                            visibility: "shared" | "private";
                            ownerId: string;
                            members: string[];
                            isDefault: boolean;
                            /** @description The weight hybrid search uses (the knowledge base's own, or the evaluated default). */
                            vectorWeight: number;
                            documentCount: number;
                            /** @description The embedder this knowledge base's vectors (and its queries) are made with; it stays when the service's default changes. */
                            embedder: string;
                            /** @description Documents whose chunks another embedder made (an unfinished reindex): until they are re-ingested, only their words are found. */
                            staleDocuments: number;
                            reindexRequired: boolean;
                            /** Format: date-time */
                            createdAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rag/knowledge-bases/{id}/reindex": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Re-ingest every document of a knowledge base, optionally switching it to another embedder (its old vectors serve until each document is done). */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description An opaque knowledge base id (GET /api/rag/knowledge-bases). */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Switch the knowledge base to this embedder (e.g. bge-small-en-v1.5-q, use-lite-512); omitted: keep its own. */
                        embedder?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            knowledgeBaseId: string;
                            embedder: string;
                            queued: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
