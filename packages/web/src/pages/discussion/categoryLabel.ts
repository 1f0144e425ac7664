import type { TFunction } from 'i18next';
import { DEFAULT_DISCUSSION_CATEGORIES } from '@oj/shared';

/** A discussion category as the viewer reads it: a default one in his language, an admin's as typed. */
export function categoryLabel(t: TFunction, name: string): string {
  const key = Object.hasOwn(DEFAULT_DISCUSSION_CATEGORIES, name) ? DEFAULT_DISCUSSION_CATEGORIES[name] : undefined;
  return key ? t(`discussion.categoryDefault.${key}`) : name;
}
