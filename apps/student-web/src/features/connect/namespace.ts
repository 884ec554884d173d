/** The catalogue of Verify with Tullab's screens: the consent screen and the dashboard's connected brands. */
export const CONNECT_NAMESPACE = 'connect';
