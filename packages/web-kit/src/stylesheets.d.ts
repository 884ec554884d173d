// A stylesheet the kit loads (the Arabic font's): each app's Vite bundles it; TypeScript only needs to know it exists.
declare module '*.css';
