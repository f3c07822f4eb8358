// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The Lua scripts of the Redis store. Each runs atomically inside Redis, so one request is one
 * round trip and instances never race on a read-then-write.
 */

/**
 * {@link applyRateLimitHit} (rate-limiter.ts), line for line, over a hash with the fields of a
 * `RateLimitRecord`: `ms`/`mc` (minute start, count), `ds`/`dc` (day), `lu`/`rw` (limited
 * episode: until, requests sent in it after its first 429), `bu` (banned until).
 *
 * KEYS[1]: the record. ARGV: perMinute, perDay, ban.afterRejectedRequests (0: no ban),
 * ban.durationSeconds, now in epoch ms ("" = Redis's own clock, `TIME`).
 * Returns {status (0 allowed, 1 limited, 2 banned), window (0 minute, 1 day), limit, remaining,
 * reset, retryAfter}. The record expires when its day and its ban are both over.
 *
 * Numbers are written with `%.0f`: Lua would print a millisecond timestamp as `1.893456e+12`.
 * Redis ≥ 5 (effects replication: `TIME` before writes is allowed).
 */
export const RATE_LIMIT_SCRIPT = `
local now = tonumber(ARGV[5])
if now == nil then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local perMinute = tonumber(ARGV[1])
local perDay = tonumber(ARGV[2])
local banAfter = tonumber(ARGV[3])
local banMs = tonumber(ARGV[4]) * 1000
local r = redis.call('HMGET', KEYS[1], 'ms', 'mc', 'ds', 'dc', 'lu', 'rw', 'bu')
local ms, mc = tonumber(r[1]) or 0, tonumber(r[2]) or 0
local ds, dc = tonumber(r[3]) or 0, tonumber(r[4]) or 0
local lu, rw, bu = tonumber(r[5]) or 0, tonumber(r[6]) or 0, tonumber(r[7]) or 0
local minuteStart = now - now % 60000
local dayStart = now - now % 86400000
local minuteEnd = minuteStart + 60000
local dayEnd = dayStart + 86400000
-- Only changed fields are written, and the TTL only when the expiry moves (new record, new day,
-- new ban): most requests cost one HMGET and one HSET of two fields.
local writes = {}
local expiryMoved = r[1] == false
local function set(field, value)
  writes[#writes + 1] = field
  writes[#writes + 1] = string.format('%.0f', value)
end
if ms ~= minuteStart then ms = minuteStart; mc = 0; set('ms', ms); set('mc', 0) end
if ds ~= dayStart then ds = dayStart; dc = 0; set('ds', ds); set('dc', 0); expiryMoved = true end

local function save()
  if #writes > 0 then redis.call('HSET', KEYS[1], unpack(writes)) end
  if expiryMoved then
    local keep = dayEnd
    if bu > keep then keep = bu end
    redis.call('PEXPIRE', KEYS[1], string.format('%.0f', keep - now))
  end
end
local function secondsUntil(e)
  local s = math.ceil((e - now) / 1000)
  if s < 1 then s = 1 end
  return s
end

if bu > now then
  save()
  local dayLeft = math.max(0, perDay - dc)
  local minuteLeft = math.max(0, perMinute - mc)
  if dayLeft < minuteLeft then
    return {2, 1, perDay, 0, math.ceil(bu / 1000), secondsUntil(bu)}
  end
  return {2, 0, perMinute, 0, math.ceil(bu / 1000), secondsUntil(bu)}
end

local dayExceeded = dc >= perDay
if dayExceeded or mc >= perMinute then
  local untilEnd = minuteEnd
  if dayExceeded then untilEnd = dayEnd end
  if lu > now then
    rw = rw + 1
    if banAfter > 0 and rw >= banAfter then
      bu = now + banMs
      set('bu', bu); set('lu', 0); set('rw', 0)
      expiryMoved = true
      save()
      if dayExceeded then
        return {2, 1, perDay, 0, math.ceil(bu / 1000), secondsUntil(bu)}
      end
      return {2, 0, perMinute, 0, math.ceil(bu / 1000), secondsUntil(bu)}
    end
    set('rw', rw)
  elseif rw ~= 0 then
    set('rw', 0)
  end
  if lu ~= untilEnd then set('lu', untilEnd) end
  save()
  if dayExceeded and mc < perMinute then
    return {1, 1, perDay, 0, dayEnd / 1000, secondsUntil(untilEnd)}
  end
  return {1, 0, perMinute, 0, minuteEnd / 1000, secondsUntil(untilEnd)}
end

mc = mc + 1
dc = dc + 1
set('mc', mc)
set('dc', dc)
if lu ~= 0 then set('lu', 0) end
if rw ~= 0 then set('rw', 0) end
save()
local minuteRemaining = perMinute - mc
local dayRemaining = perDay - dc
if dayRemaining < minuteRemaining then
  return {0, 1, perDay, dayRemaining, dayEnd / 1000, 0}
end
return {0, 0, perMinute, minuteRemaining, minuteEnd / 1000, 0}
`;

/**
 * Idempotency `begin`: creates the running record unless one exists, in one step.
 * KEYS[1]: the record. ARGV: the running record's value, lockMs.
 * Returns nil when created (run the handler), else the existing record's value.
 */
export const IDEMPOTENCY_BEGIN_SCRIPT = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return false end
return redis.call('GET', KEYS[1])
`;
