/** Bot detection by user-agent keywords (spec §6): bots record no analytics and fire no events. */
export const BOT_PATTERN = /bot|crawler|spider|scraper|crawling|facebookexternalhit|slurp|bingpreview|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|telegram|discord|slack|skypeuripreview|redditbot|applebot|yandex|baidu|duckduck|semrush|ahrefs|mj12|petalbot|gptbot|claudebot|ccbot|perplexity/i;

export function isBot(userAgent: string): boolean {
  return BOT_PATTERN.test(userAgent);
}
