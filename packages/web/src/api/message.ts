import { messageEndpoints as ep, type MessageType } from '@oj/shared';
import { request } from './endpoint';

/** The message centre (msg/* calls): one page of a tab (listing marks it read), delete, clean. */
export type UserMessageTab = 'discuss' | 'reply' | 'like';
export type SystemMessageTab = 'sys' | 'mine';
export type MessageTab = UserMessageTab | SystemMessageTab;

const USER_LISTS = { discuss: ep.comment, reply: ep.reply, like: ep.like } as const;
const SYSTEM_LISTS = { sys: ep.sys, mine: ep.mine } as const;

/** What DELETE msg/clean calls each tab. */
export const CLEAN_TYPE: Record<MessageTab, MessageType> = { discuss: 'Discuss', reply: 'Reply', like: 'Like', sys: 'Sys', mine: 'Mine' };

export const messageApi = {
  userList: (tab: UserMessageTab, currentPage: number, limit: number) => request(USER_LISTS[tab], { query: { currentPage, limit } }),
  systemList: (tab: SystemMessageTab, currentPage: number, limit: number) => request(SYSTEM_LISTS[tab], { query: { currentPage, limit } }),
  /** one message of the tab, or (no id) all of them */
  clean: (tab: MessageTab, id?: number) => request(ep.clean, { query: { type: CLEAN_TYPE[tab], id } }),
};

export const messageKeys = {
  all: (uid: string) => ['messages', uid] as const,
  /** one tab's pages (the list appends the page) */
  tab: (uid: string, tab: MessageTab) => ['messages', uid, tab] as const,
};
