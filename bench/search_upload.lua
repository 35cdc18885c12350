-- wrk script: upload one GPX file (env GPX, a path) as a new trail each time, with a bearer token
-- (env TOKEN): what most trails go through, a track with its statistics and its search-index row.
local token = os.getenv("TOKEN")
local file = assert(io.open(os.getenv("GPX"), "rb"))
local gpx = file:read("*a")
file:close()
wrk.method = "PUT"
wrk.headers["Content-Type"] = "application/gpx+xml"
wrk.headers["Authorization"] = "Bearer " .. token
wrk.body = gpx
