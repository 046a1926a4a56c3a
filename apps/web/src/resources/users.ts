import { api, type Schemas } from '../api';
import { usePage, useRecord, useWrite } from './hooks';

export type User = Schemas['User'];
export type UserAdd = Schemas['UserAdd'];

/** Accounts a page: an admin reads many at once. */
const USERS_PAGE = 50;

export const useUsers = (page: number) =>
  usePage('users', [page], async () => ({
    users: (await api.GET('/users', { params: { query: { page, limit: USERS_PAGE } } })).data.data,
  }));

export const usePlans = () => useRecord('plans', 'all', async () => (await api.GET('/plans')).data.data);

/** A new account; answers it with its key, shown this once. */
export const useAddUser = () =>
  useWrite('users', async (body: UserAdd) => {
    const { data } = await api.POST('/user/add', { body });
    return { username: data.data.username, key: data.data.apikey };
  });

export const useRemoveUser = () => useWrite('users', (id: number) => api.DELETE('/user/{id}/delete', { params: { path: { id } } }));

export const useRotateUserKey = () =>
  useWrite('users', async (user: User) => ({
    username: user.username,
    key: (await api.POST('/user/{id}/apikey/rotate', { params: { path: { id: user.id } } })).data.apikey,
  }));

export const useSetDisabled = () =>
  useWrite(
    'users',
    async (user: User) =>
      (await api.PUT('/user/{id}/update', { params: { path: { id: user.id } }, body: { disabled: !user.disabled } })).data.data,
  );

export const useSubscribe = () =>
  useWrite('plans', ({ user, plan }: { user: number; plan: number }) =>
    api.PUT('/plan/{planid}/user/{userid}', { params: { path: { planid: plan, userid: user } } }),
  );
