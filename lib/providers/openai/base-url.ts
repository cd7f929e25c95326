/** A configured baseUrl (a proxy or gateway) wins over the public endpoint. */
export const OPENAI_BASE_URL = 'https://api.openai.com/v1';
