import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

/** Every area registers its routes here. */
export async function registerModules(app: FastifyInstance, ctx: AppContext) {
  void app;
  void ctx;
}
