import kafkajs from 'kafkajs';
import type { logCreator } from 'kafkajs';
import type { Logger } from 'pino';

const { logLevel } = kafkajs;

/**
 * kafkajs's own lines (connection errors, retries, rebalances) written through the app's pino logger: the same
 * stream, the same JSON line format and the logger's level, instead of kafkajs's console logger (its own JSON shape,
 * on stderr). Each line says `component: "kafkajs"` and kafkajs's namespace; kafkajs's fields (broker, clientId,
 * stack, retry counts…) are kept as they are.
 */
export function kafkajsLogCreator(logger: Logger): logCreator {
  return () =>
    ({ namespace, level, log }) => {
      const { message, timestamp: _timestamp, logger: _logger, ...fields } = log;
      const line = { component: 'kafkajs', namespace, ...fields };
      if (level === logLevel.ERROR) logger.error(line, message);
      else if (level === logLevel.WARN) logger.warn(line, message);
      else if (level === logLevel.INFO) logger.info(line, message);
      else logger.debug(line, message);
    };
}
