import { createContext, useContext } from 'react';
import type { Actor, DiscussionDetail, DiscussionListPage, DiscussionListRow, DiscussionStatusValue, Page } from '@oj/shared';
import { type AdminDiscussionQuery, adminDiscussionApi } from '../../api/adminCommunity';
import { type DiscussionBody, type DiscussionListQuery, discussionApi } from '../../api/discussion';
import { useActor } from '../../app/may';

/**
 * Where the discussion pages are: the site's /discussion, or a group's discussion tab. The
 * same list, detail, editor and admin table serve both; the place says which calls they make, which
 * paths they link to, and who the viewer is to the policy there (a group's level and ownership count in
 * a group). Pages outside any provider are the site's.
 */
export interface DiscussionPlace {
  /** null: the site */
  gid: number | null;
  actor: Actor | null;
  listPath(pid?: string | null): string;
  detailPath(id: number): string;
  problemPath(pid: string): string;
  list(q: DiscussionListQuery): Promise<DiscussionListPage>;
  add(body: DiscussionBody): Promise<DiscussionDetail>;
  update(body: DiscussionBody & { id: number }): Promise<DiscussionDetail>;
  remove(did: number): Promise<unknown>;
  /** top and status (moderators) */
  moderate(body: { id: number; status?: DiscussionStatusValue; topPriority?: boolean }): Promise<unknown>;
  adminList(q: AdminDiscussionQuery): Promise<Page<DiscussionListRow>>;
  adminRemove(ids: number[]): Promise<unknown>;
}

export const DiscussionPlaceContext = createContext<DiscussionPlace | null>(null);

const enc = encodeURIComponent;

export function useDiscussionPlace(): DiscussionPlace {
  const place = useContext(DiscussionPlaceContext);
  const actor = useActor();
  return (
    place ?? {
      gid: null,
      actor,
      listPath: (pid) => (pid ? `/discussion/${enc(pid)}` : '/discussion'),
      detailPath: (id) => `/discussion-detail/${id}`,
      problemPath: (pid) => `/problem/${enc(pid)}`,
      list: discussionApi.list,
      add: discussionApi.add,
      update: discussionApi.update,
      remove: discussionApi.remove,
      moderate: adminDiscussionApi.update,
      adminList: adminDiscussionApi.list,
      adminRemove: adminDiscussionApi.remove,
    }
  );
}
