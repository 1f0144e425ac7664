import type { MappingAlgorithm } from 'antd';
import { THEME_MODES, type ThemeMode } from '@oj/shared';
import { createStore } from './createStore';
import { session } from './session';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/**
 * The colour scheme: the mode chosen in the header (follow the system, light or dark; kept in
 * localStorage, and for a logged-in user on the server: preferences.ts) and whether the page is dark now.
 * antd's dark algorithm and the site's dark styles are a chunk of their own, fetched only when a page
 * turns dark, so a light first load carries none of it.
 */
export interface ThemeState {
  mode: ThemeMode;
  /** The page is dark (the dark chunk has arrived). */
  dark: boolean;
  algorithm: MappingAlgorithm | null;
}

const media = typeof window !== 'undefined' ? window.matchMedia?.('(prefers-color-scheme: dark)') : undefined;
const isMode = (v: unknown): v is ThemeMode => (THEME_MODES as readonly unknown[]).includes(v);
const storedMode = readStorage(STORAGE_KEYS.theme);

export const themeStore = createStore<ThemeState>({ mode: isMode(storedMode) ? storedMode : 'system', dark: false, algorithm: null });

const wantsDark = (mode: ThemeMode) => mode === 'dark' || (mode === 'system' && !!media?.matches);

let darkChunk: Promise<MappingAlgorithm> | null = null;

/** Makes the page match the mode: fetches the dark chunk when needed, then switches in one step. */
export async function applyTheme(): Promise<void> {
  const { mode } = themeStore.get();
  const dark = wantsDark(mode);
  let algorithm = themeStore.get().algorithm;
  if (dark && !algorithm) {
    darkChunk ??= import('./darkTheme').then((m) => m.darkAlgorithm);
    try {
      algorithm = await darkChunk;
    } catch {
      // A failed fetch (a new deployment, the network): stay light, try again at the next change.
      darkChunk = null;
      return;
    }
    // The mode may have changed while the chunk was on its way.
    if (!wantsDark(themeStore.get().mode)) return;
  }
  const root = document.documentElement;
  root.dataset.theme = dark ? 'dark' : 'light';
  root.style.colorScheme = dark ? 'dark' : 'light';
  themeStore.set({ ...themeStore.get(), dark, algorithm });
}

/** The header's choice (or a logged-in user's saved one): remembered in this browser and applied. */
export function setThemeMode(mode: ThemeMode): Promise<void> {
  writeStorage(STORAGE_KEYS.theme, mode);
  themeStore.set({ ...themeStore.get(), mode });
  return applyTheme();
}

const choiceListeners = new Set<(mode: ThemeMode) => void>();

/**
 * A logged-in user's header choice not yet saved with his account. PreferenceSync is fetched after the
 * login, so a quick choice can come before it: then the account's older scheme must not undo it.
 */
let unsaved: { mode: ThemeMode; uid: string } | null = null;

/** The header's choice: applied, and told to whoever keeps it (a logged-in user's account: PreferenceSync). */
export function chooseTheme(mode: ThemeMode) {
  void setThemeMode(mode);
  const uid = session.get().user?.uid;
  unsaved = uid ? { mode, uid } : null;
  for (const l of choiceListeners) l(mode);
}
export function onThemeChosen(listener: (mode: ThemeMode) => void): () => void {
  choiceListeners.add(listener);
  return () => choiceListeners.delete(listener);
}

/** This user's choice that his account does not have yet, if any. */
export const unsavedChoice = (uid: string): ThemeMode | null => (unsaved?.uid === uid ? unsaved.mode : null);

/** The account now has `mode`. */
export function choiceSaved(mode: ThemeMode) {
  if (unsaved?.mode === mode) unsaved = null;
}

// Following the system: the page changes when the system's setting does.
media?.addEventListener?.('change', () => {
  if (themeStore.get().mode === 'system') void applyTheme();
});
