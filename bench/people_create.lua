-- wrk script: create dated trails with a start (env TOKEN, AUTHOR), so every create adds an
-- activity and a place to its author's statistics.
local token = os.getenv("TOKEN")
local author = os.getenv("AUTHOR")
wrk.method = "PUT"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. token
local counter = 0
request = function()
  counter = counter + 1
  local body = string.format('{"name":"wrk %d","public":true,"author":"%s","distance":%d,' ..
      '"elevation_gain":%d,"date":"2024-%02d-%02d","lat":%.4f,"lon":%.4f,' ..
      '"category":"hikingcategory1","description":"created by wrk"}',
      counter, author, 1000 + counter % 5000, counter % 900, 1 + counter % 12, 1 + counter % 28,
      46 + (counter % 100) * 0.01, 11 + (counter % 37) * 0.01)
  return wrk.format(nil, nil, nil, body)
end
