import { createStore } from '../createStore';

export type AuthDialogMode = 'login' | 'register' | 'resetPwd';

/** The one auth dialog of the shell; the API client opens it on 401, guards on protected routes. */
export const authDialog = createStore<{ open: boolean; mode: AuthDialogMode }>({ open: false, mode: 'login' });

export const openAuthDialog = (mode: AuthDialogMode = 'login') => authDialog.set({ open: true, mode });
export const switchAuthDialog = (mode: AuthDialogMode) => authDialog.set({ ...authDialog.get(), mode });
export const closeAuthDialog = () => authDialog.set({ ...authDialog.get(), open: false });
