import { createContext, useContext } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { CompileCheckerBody, MdImageResult, Tag, UploadedCaseSet } from '@oj/shared';
import { adminProblemApi, adminTagApi } from '../api/adminProblem';
import type { ApiResult } from '../api/client';

/**
 * The calls the problem form's parts make besides saving (checker compile, test-case zip, Markdown
 * uploads, the tags offered): the problem admin's by default; a place outside the admin area (a group)
 * provides its own around the form, so the same editor works there with the rights of that place.
 */
export interface ProblemEditorCalls {
  compile(mode: 'spj' | 'interactive', body: CompileCheckerBody): Promise<ApiResult<null>>;
  uploadCaseZip(file: File, mode: string): Promise<ApiResult<UploadedCaseSet>>;
  uploadMdImage(file: File): Promise<ApiResult<MdImageResult>>;
  /** absent: the Markdown fields offer images only */
  uploadMdFile?: (file: File) => Promise<ApiResult<{ link: string }>>;
  tags: {
    key: QueryKey;
    all(): Promise<Tag[]>;
    /** new tags may be made on the spot (the bank's tag admin) */
    canCreate: boolean;
  };
}

/** The bank's tag list in the query cache (TagPicker's `adminTagKeys.all`). */
export const ADMIN_TAGS_KEY = ['admin-tags'] as const;

export const ADMIN_EDITOR_CALLS: ProblemEditorCalls = {
  compile: adminProblemApi.compile,
  uploadCaseZip: adminProblemApi.uploadCaseZip,
  uploadMdImage: adminProblemApi.uploadMdImage,
  uploadMdFile: adminProblemApi.uploadMdFile,
  tags: { key: ADMIN_TAGS_KEY, all: adminTagApi.all, canCreate: true },
};

export const ProblemEditorCallsContext = createContext<ProblemEditorCalls>(ADMIN_EDITOR_CALLS);

export const useProblemEditorCalls = () => useContext(ProblemEditorCallsContext);
