/** What the app uses of the developers module (decision 0025): the API-key check it installs. */
export { authenticateApiKey } from './api-key-auth.js';
