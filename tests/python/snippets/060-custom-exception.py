class AppError(Exception):
    def __init__(self, code, msg):
        super().__init__(msg)
        self.code = code
class NotFound(AppError):
    pass
try:
    raise NotFound(404, "no such thing")
except AppError as e:
    print(type(e).__name__, e.code, e, e.args)
try:
    try:
        int("x")
    except ValueError as e:
        raise AppError(1, "bad input") from e
except AppError as e:
    print(e, type(e.__cause__).__name__)
