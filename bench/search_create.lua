-- wrk script: create trails with real-shaped text (a name of two to four words, a place, a
-- description of about 40 words drawn Zipf-like from a vocabulary) with a bearer token (env TOKEN,
-- AUTHOR). The text is what the search index has to take in on every create.
local token = os.getenv("TOKEN")
local author = os.getenv("AUTHOR")
wrk.method = "PUT"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. token

local syllables = {"zug", "spitz", "berg", "horn", "tal", "see", "alp", "wald", "bach", "kopf",
  "joch", "eck", "stein", "wand", "grat", "hütte", "matt", "kar", "moos", "bühl", "ried", "au"}
local words = {"the", "path", "climbs", "through", "forest", "to", "a", "ridge", "with", "views",
  "over", "lake", "and", "valley", "then", "descends", "steeply", "past", "hut", "meadow", "snow",
  "early", "summer", "rocky", "section", "cable", "easy", "long", "day", "start", "parking",
  "village", "church", "bridge", "river", "waterfall", "gorge", "pasture", "cows", "summit",
  "cross", "fog", "sunrise", "autumn", "colours", "larches", "scree", "chains", "exposed", "kids"}

local function compound()
  local n = math.random(2, 3)
  local out = ""
  for _ = 1, n do out = out .. syllables[math.random(#syllables)] end
  return out:sub(1, 1):upper() .. out:sub(2)
end

local function zipf_word()
  -- Rank r with probability about 1/r: a few words are very common, as in real text.
  local r = math.floor((#words) ^ math.random())
  return words[math.max(1, math.min(#words, r))]
end

request = function()
  local name = compound() .. " via " .. compound()
  if math.random() < 0.5 then name = name .. " " .. compound() end
  local description = {}
  for i = 1, 40 do description[i] = zipf_word() end
  local body = string.format('{"name":"%s","public":true,"author":"%s","location":"%s",' ..
      '"distance":%d,"elevation_gain":%d,"difficulty":"moderate","description":"%s"}',
      name, author, compound(), math.random(1000, 60000), math.random(0, 2000),
      table.concat(description, " "))
  return wrk.format(nil, nil, nil, body)
end
