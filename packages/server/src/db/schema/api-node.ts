import { integer, pgTable, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The API nodes of the site (the admin dashboard's "backend services"): each node upserts its row when
 * it starts listening and on every heartbeat (modules/admin-dashboard/api-nodes.ts). A node is keyed
 * by where it listens, so a node restarted on the same host and port takes its row back; `instance`
 * says which process wrote it last (a stopping node removes only its own row).
 */
export const apiNodes = pgTable(
  'api_node',
  {
    id: serial('id').primaryKey(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    /** first non-internal address of the host, for the admin who has to find the machine */
    ip: text('ip'),
    /** random id of the process that holds the row */
    instance: text('instance').notNull(),
    pid: integer('pid').notNull(),
    /** Node.js version the node runs on */
    nodeVersion: text('node_version').notNull().default(''),
    cpuCount: integer('cpu_count').notNull(),
    /** host CPU use in percent over the last heartbeat interval; null before the first measurement */
    cpuUsage: real('cpu_usage'),
    /** host memory in use, percent */
    memoryUsage: real('memory_usage'),
    startedAt: ts('started_at').notNull().defaultNow(),
    lastHeartbeat: ts('last_heartbeat').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('api_node_host_port_idx').on(t.host, t.port)],
);
