import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './context.ts';

export function registerRealtimeRoute(_app: FastifyInstance, _deps: AppDeps): void {}
