-- wrk script: GET /profile/{handle}/stats of a random seeded user (env USERS, TOKEN), as a
-- signed-in stranger (or themself for the bench user).
local users = tonumber(os.getenv("USERS") or "1000")
local token = os.getenv("TOKEN")
wrk.headers["Authorization"] = "Bearer " .. token
request = function()
  local n = math.random(1, users - 1)
  return wrk.format("GET", string.format("/api/v1/profile/@u%05d/stats", n))
end
