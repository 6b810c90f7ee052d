package room_test

import jsoniter "github.com/json-iterator/go"

var jsonUnmarshal = jsoniter.ConfigCompatibleWithStandardLibrary.Unmarshal
