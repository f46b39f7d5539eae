-- wrk script: every request is one click of a recorded game of Birds and Ninjas (the
-- `/api/play` requests of bench/studio_game.py), taken in turn. With PACE_MS set, each
-- connection waits that long (on average, 50% to 150%) after an answer before its next
-- click, as a fast human would; without, it clicks again at once (closed loop). Prints the
-- latency percentiles and how many answers were not 200.
dofile(os.getenv("CLICKS"))
local pace = tonumber(os.getenv("PACE_MS") or "0")
local reqs = {}
local i = 0
init = function(args)
  -- Formatted once per thread, so the load generator spends little time per request.
  for k, b in ipairs(bodies) do
    reqs[k] = wrk.format("POST", nil, { ["Content-Type"] = "application/json" }, b)
  end
  i = math.random(#reqs)
end
request = function()
  i = i % #reqs + 1
  return reqs[i]
end
if pace > 0 then
  delay = function()
    return math.random(math.floor(pace / 2), math.floor(pace * 3 / 2))
  end
end
done = function(summary, latency, requests)
  local ms = function(p) return latency:percentile(p) / 1000 end
  io.write(string.format(
    "clicks %d in %.1f s (%.0f/s), not 200: %d, socket errors: %d\n",
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    summary.errors.status, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
  io.write(string.format("latency ms: p50 %.2f  p90 %.2f  p99 %.2f  p99.9 %.2f  max %.2f\n",
    ms(50), ms(90), ms(99), ms(99.9), latency.max / 1000))
end
