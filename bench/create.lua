-- wrk script: create trails with a bearer token (env TOKEN, AUTHOR, METHOD, AUTH_PREFIX).
local token = os.getenv("TOKEN")
local author = os.getenv("AUTHOR")
wrk.method = os.getenv("METHOD") or "PUT"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = (os.getenv("AUTH_PREFIX") or "Bearer ") .. token
local counter = 0
request = function()
  counter = counter + 1
  local body = string.format('{"name":"wrk %d","public":true,"author":"%s","distance":%d,' ..
      '"elevation_gain":%d,"difficulty":"moderate","description":"created by wrk"}',
      counter, author, 1000 + counter % 5000, counter % 900)
  return wrk.format(nil, nil, nil, body)
end
