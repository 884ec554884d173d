import { configureStore } from '@reduxjs/toolkit';
import { api } from './api/client';

/** A new store; the app makes one at start-up, tests make one per render. */
export function makeStore() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    // RTK Query's cache holds plain JSON; checking a 5,000-offer list for serializability slowed development builds
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ serializableCheck: { ignoredPaths: [api.reducerPath] } }).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
