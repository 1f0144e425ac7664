import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { permissions, rolePermissions } from '../db/schema/index.js';
import { CHANGE_CHANNEL } from './session-cache.js';

type Assignment = Map<number, readonly string[]>;

/**
 * The role → permission assignment (`role_permission`), read once per node and read again after any
 * change to it on any node (the tables' triggers NOTIFY `perm` at commit, migration 0012); while the
 * LISTEN connection is down it is read on every call, as nothing would tell us of a change.
 */
class RolePermissions {
  private loaded: Promise<Assignment> | null = null;

  constructor(private readonly database: Database) {
    database.listener.on(CHANGE_CHANNEL, (payload) => {
      if (payload === 'perm') this.loaded = null;
    });
    database.listener.onReset(() => {
      this.loaded = null;
    });
  }

  assignment(): Promise<Assignment> {
    if (this.loaded && this.database.listener.live) return this.loaded;
    const p = this.load();
    this.loaded = p;
    p.catch(() => {
      if (this.loaded === p) this.loaded = null;
    });
    return p;
  }

  /** Forgets the assignment on this node at once (the code that changed it; other nodes hear the trigger). */
  forget() {
    this.loaded = null;
  }

  private async load(): Promise<Assignment> {
    const rows = await this.database.db
      .select({ roleId: rolePermissions.roleId, code: permissions.code })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId));
    const out = new Map<number, string[]>();
    for (const r of rows) {
      let list = out.get(r.roleId);
      if (!list) out.set(r.roleId, (list = []));
      list.push(r.code);
    }
    return out;
  }
}

const byDatabase = new WeakMap<Database, RolePermissions>();

export function rolePermissionsOf(database: Database): RolePermissions {
  let rp = byDatabase.get(database);
  if (!rp) byDatabase.set(database, (rp = new RolePermissions(database)));
  return rp;
}

/** The permission codes the roles carry together, as the database assigns them now. */
export async function permissionsForRoles(database: Database, roles: readonly number[]): Promise<string[]> {
  const assignment = await rolePermissionsOf(database).assignment();
  const set = new Set<string>();
  for (const r of roles) for (const p of assignment.get(r) ?? []) set.add(p);
  return [...set];
}
