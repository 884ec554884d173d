/** The catalogues the home page starts with besides `common` (render-app); the build's budget counts them. */
export const HOME_NAMESPACES = ['home', 'offers', 'saved'];
