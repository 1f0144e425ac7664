import { createStore } from '../createStore';

export type AuthDialogMode = 'login' | 'register' | 'resetPwd';

/**
 * The one auth dialog of the shell; the API client opens it on 401, guards on protected routes.
 * `returnTo`: the page a guard turned the visitor away from (path, query and hash), opened again after
 * a successful login in the dialog; kept while the dialog switches to Register or Reset and back.
 */
export const authDialog = createStore<{ open: boolean; mode: AuthDialogMode; returnTo: string | null }>({ open: false, mode: 'login', returnTo: null });

export const openAuthDialog = (mode: AuthDialogMode = 'login', returnTo: string | null = null) => authDialog.set({ open: true, mode, returnTo });
export const switchAuthDialog = (mode: AuthDialogMode) => authDialog.set({ ...authDialog.get(), mode });
export const closeAuthDialog = () => authDialog.set({ ...authDialog.get(), open: false });
