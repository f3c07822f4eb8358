// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The Lua scripts of the Redis store. Each runs atomically inside Redis, so one request is one
 * round trip and instances never race on a read-then-write.
 */

/**
 * {@link applyRateLimitHit} (rate-limiter.ts), step for step, over a hash with the fields of a
 * `RateLimitRecord`: `ms`/`mc` (minute start, count), `ds`/`dc` (day), `lu`/`rw` (limited
 * episode: until, requests sent in it after its first 429), `bu` (banned until).
 *
 * KEYS[1]: the record. ARGV: perMinute, perDay, ban.afterRejectedRequests (0: no ban),
 * ban.durationSeconds, now in epoch ms ("" = Redis's own clock, `TIME`).
 * Returns {status (0 allowed, 1 limited, 2 banned), window (0 minute, 1 day), limit, remaining,
 * reset, retryAfter}. The record expires when its day and its ban are both over.
 *
 * Written for the hot path (measured with Redis's own CPU counters, see docs/server-redis.md):
 * straight-line code without closures or tables, only the changed fields written, the TTL set
 * only when the expiry moves (new record, new day, new ban). Numbers are passed to Redis as Lua
 * numbers: Redis writes whole numbers below 2^53 as integers. Needs Redis ≥ 5 (`TIME` before
 * writes relies on effects replication).
 */
export const RATE_LIMIT_SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[5])
if now == nil then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local perMinute = tonumber(ARGV[1])
local perDay = tonumber(ARGV[2])
local r = redis.call('HMGET', key, 'ms', 'mc', 'ds', 'dc', 'lu', 'rw', 'bu')
local minuteStart = now - now % 60000
local dayStart = now - now % 86400000
local minuteEnd = minuteStart + 60000
local dayEnd = dayStart + 86400000
local sameMinute = tonumber(r[1]) == minuteStart
local sameDay = tonumber(r[3]) == dayStart
local mc = 0
local dc = 0
if sameMinute then mc = tonumber(r[2]) or 0 end
if sameDay then dc = tonumber(r[4]) or 0 end
local lu = tonumber(r[5]) or 0
local rw = tonumber(r[6]) or 0
local bu = tonumber(r[7]) or 0

if bu > now then
  if not sameDay then
    redis.call('HSET', key, 'ms', minuteStart, 'mc', 0, 'ds', dayStart, 'dc', 0)
  elseif not sameMinute then
    redis.call('HSET', key, 'ms', minuteStart, 'mc', 0)
  end
  local window, limit = 0, perMinute
  if math.max(0, perDay - dc) < math.max(0, perMinute - mc) then window, limit = 1, perDay end
  return {2, window, limit, 0, math.ceil(bu / 1000), math.max(1, math.ceil((bu - now) / 1000))}
end

local dayExceeded = dc >= perDay
if dayExceeded or mc >= perMinute then
  local untilEnd = minuteEnd
  if dayExceeded then untilEnd = dayEnd end
  local banAfter = tonumber(ARGV[3])
  if lu > now then
    rw = rw + 1
    if banAfter > 0 and rw >= banAfter then
      bu = now + tonumber(ARGV[4]) * 1000
      redis.call('HSET', key, 'ms', minuteStart, 'mc', mc, 'ds', dayStart, 'dc', dc, 'lu', 0, 'rw', 0, 'bu', bu)
      redis.call('PEXPIRE', key, math.max(dayEnd, bu) - now)
      local window, limit = 0, perMinute
      if dayExceeded then window, limit = 1, perDay end
      return {2, window, limit, 0, math.ceil(bu / 1000), math.max(1, math.ceil((bu - now) / 1000))}
    end
  else
    rw = 0
  end
  redis.call('HSET', key, 'ms', minuteStart, 'mc', mc, 'ds', dayStart, 'dc', dc, 'lu', untilEnd, 'rw', rw)
  if not sameDay then redis.call('PEXPIRE', key, math.max(dayEnd, bu) - now) end
  local retryAfter = math.max(1, math.ceil((untilEnd - now) / 1000))
  if dayExceeded and mc < perMinute then
    return {1, 1, perDay, 0, dayEnd / 1000, retryAfter}
  end
  return {1, 0, perMinute, 0, minuteEnd / 1000, retryAfter}
end

mc = mc + 1
dc = dc + 1
if not sameDay then
  redis.call('HSET', key, 'ms', minuteStart, 'mc', mc, 'ds', dayStart, 'dc', dc, 'lu', 0, 'rw', 0)
  redis.call('PEXPIRE', key, math.max(dayEnd, bu) - now)
elseif not sameMinute or lu ~= 0 or rw ~= 0 then
  redis.call('HSET', key, 'ms', minuteStart, 'mc', mc, 'dc', dc, 'lu', 0, 'rw', 0)
else
  redis.call('HSET', key, 'mc', mc, 'dc', dc)
end
local minuteRemaining = perMinute - mc
local dayRemaining = perDay - dc
if dayRemaining < minuteRemaining then
  return {0, 1, perDay, dayRemaining, dayEnd / 1000, 0}
end
return {0, 0, perMinute, minuteRemaining, minuteEnd / 1000, 0}
`;

/** Redis's clock in ms, in a script (before any write: effects replication, Redis ≥ 5). */
const NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`;

/**
 * Idempotency `begin`: creates the running record unless one exists, in one step. A running
 * record's value is ARGV[1] (`{"f":<fingerprint>,"t":<holder token>,"l":`) followed by the end
 * of its lease (Redis's clock, ms) and `}`.
 * KEYS[1]: the record. ARGV: the running record's value up to the lease, lockMs, ttlMs.
 * Returns {"", now} when created (run the handler), else {the existing record's value, now}.
 */
export const IDEMPOTENCY_BEGIN_SCRIPT = `${NOW}
local running = ARGV[1] .. string.format('%d', now + tonumber(ARGV[2])) .. '}'
if redis.call('SET', KEYS[1], running, 'NX', 'PX', ARGV[3]) then return {'', now} end
return {redis.call('GET', KEYS[1]), now}
`;

/**
 * Idempotency lease renewal: when the record is still the running record of this holder (its
 * value starts with ARGV[1], which holds the holder's token), moves the end of its lease to
 * lockMs from now, keeping the record's TTL (Redis ≥ 6). KEYS[1]: the record. ARGV: the running
 * record's value up to the lease, lockMs. Returns 1 when renewed, else 0.
 */
export const IDEMPOTENCY_RENEW_SCRIPT = `${NOW}
local value = redis.call('GET', KEYS[1])
if not value or string.sub(value, 1, #ARGV[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1] .. string.format('%d', now + tonumber(ARGV[2])) .. '}', 'KEEPTTL')
return 1
`;

/**
 * Idempotency `abandon`: deletes the record only while it is the running record of this holder
 * (a record lost by Redis and begun again by another request stays). KEYS[1]: the record.
 * ARGV: the running record's value up to the lease. Returns 1 when deleted, else 0.
 */
export const IDEMPOTENCY_ABANDON_SCRIPT = `
local value = redis.call('GET', KEYS[1])
if not value or string.sub(value, 1, #ARGV[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
return 1
`;
